import {
  DEFAULT_WIDGET_SETTINGS,
  type WidgetSettings,
  widgetSettingsSchema,
} from '@taquilla/shared/schemas/widget';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { getEventRow } from '../events/events.service.ts';
import './widget.messages.ts';
import * as repo from './widget.repository.ts';

type Deps = DbDeps;

/** A stored document read leniently: anything missing or no longer valid falls back to the default. */
function resolve(stored: Record<string, unknown> | undefined): WidgetSettings {
  const parsed = widgetSettingsSchema.safeParse({ ...DEFAULT_WIDGET_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_WIDGET_SETTINGS;
}

export async function getWidgetSettings(deps: Deps, auth: AuthContext, eventId: string) {
  await getEventRow(deps, auth, eventId);
  return resolve(await repo.findWidgetSettings(deps.db, auth.accountId, eventId));
}

export async function updateWidgetSettings(
  deps: Deps,
  auth: AuthContext,
  eventId: string,
  input: WidgetSettings,
) {
  assertCan(auth, 'events:manage');
  await getEventRow(deps, auth, eventId);
  const settings = { ...input, allowed_origins: [...new Set(input.allowed_origins)] };
  await repo.saveWidgetSettings(deps.db, auth.accountId, eventId, settings);
  return settings;
}

/**
 * Who may frame the event's widget, as a CSP `frame-ancestors` source list: the organizer's allowed
 * origins (and Taquilla itself, for the settings page's preview), or any site when none are listed.
 */
/** The page's content security policy with `frame-ancestors` narrowed to the event's allowed origins. */
export async function framedPolicy(deps: Deps, eventId: string, policy: string): Promise<string> {
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${await frameAncestors(deps, eventId)}`);
}

async function frameAncestors(deps: Deps, eventId: string): Promise<string> {
  const { allowed_origins: origins } = resolve(await repo.findPublicWidgetSettings(deps.db, eventId));
  return origins.length > 0 ? ["'self'", ...origins].join(' ') : '*';
}
