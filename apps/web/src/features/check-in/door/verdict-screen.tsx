import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatTime } from '@taquilla/shared/dates';
import type { DoorVerdict } from '@taquilla/shared/schemas/check-in';
import type { EventDateRef } from '@taquilla/shared/schemas/event-dates';
import { useEffect } from 'react';
import type { Verdict } from './door-engine.ts';

/** Colours with white text readable at arm's length (contrast ≥ 4.5:1). */
const TONE: Record<DoorVerdict, { background: string; good: boolean }> = {
  ADMITTED: { background: '#0b7a3b', good: true },
  ALREADY_CHECKED_IN: { background: '#a14a00', good: false },
  CONFLICT: { background: '#a14a00', good: false },
  NOT_COVERED: { background: '#b3261e', good: false },
  CANCELLED: { background: '#b3261e', good: false },
  AWAITING_PAYMENT: { background: '#b3261e', good: false },
  NOT_FOUND: { background: '#b3261e', good: false },
  TRANSFERRED: { background: '#b3261e', good: false },
  WRONG_DATE: { background: '#b3261e', good: false },
};

/** How long a verdict stays up unless the next scan replaces it or staff tap it away. */
const SHOW_MS = 2500;

let audio: AudioContext | null = null;

/** A short beep (rising for yes, low and double for no) and a vibration, where the device allows. */
export function signal(good: boolean) {
  navigator.vibrate?.(good ? 120 : [200, 80, 200]);
  try {
    audio ??= new AudioContext();
    const notes = good ? [880, 1320] : [220, 220];
    notes.forEach((frequency, i) => {
      if (!audio) return;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      osc.type = good ? 'sine' : 'square';
      gain.gain.value = 0.15;
      osc.connect(gain).connect(audio.destination);
      const at = audio.currentTime + i * 0.16;
      osc.start(at);
      osc.stop(at + 0.12);
    });
  } catch {
    // No audio on this device: the colour and the vibration still say it.
  }
}

/** The verdict fills the screen: a colour, a word, who and which ticket. */
export function VerdictScreen(props: {
  verdict: Verdict;
  timezone: string;
  listName: string;
  /** The one date the list admits (null: every date). */
  listDate: EventDateRef | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const { verdict: v, onClose } = props;
  const tone = TONE[v.verdict];
  useEffect(() => {
    const timer = setTimeout(onClose, SHOW_MS);
    return () => clearTimeout(timer);
  }, [onClose]);

  const time = (iso: string) => formatTime(iso, props.timezone, i18n.locale);
  const day = (ref: EventDateRef) => formatDateTime(ref.starts_at, props.timezone, i18n.locale);
  const word: Record<DoorVerdict, string> = {
    ADMITTED: t`Adelante`,
    ALREADY_CHECKED_IN: t`Ya ha entrado`,
    CONFLICT: t`Revisar`,
    NOT_COVERED: t`No válida en esta lista`,
    CANCELLED: t`Entrada cancelada`,
    AWAITING_PAYMENT: t`Entrada sin pagar`,
    NOT_FOUND: t`Código desconocido`,
    TRANSFERRED: t`Entrada transferida: código anulado`,
    WRONG_DATE: t`Entrada de otra fecha`,
  };
  const a = v.attendee;
  const message = v.message ?? (v.verdict === 'WRONG_DATE' ? wrongDate() : null);
  // Decided on the device: the server's own words (check_in.wrong_date), from the synced dates.
  function wrongDate() {
    if (!props.listDate) return null;
    const listDate = day(props.listDate);
    if (!a?.event_date) return t`Esta entrada no tiene fecha; esta lista es solo del ${listDate}.`;
    const ticketDate = day(a.event_date);
    return t`Esta entrada es para el ${ticketDate}; esta lista es del ${listDate}.`;
  }
  return (
    <div
      role="alert"
      data-testid="door-verdict"
      data-verdict={v.verdict}
      data-local={v.local ? 'true' : 'false'}
      data-verify-ms={v.verifyMs.toFixed(1)}
      onClick={onClose}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 200,
        background: tone.background,
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        padding: 24,
        textAlign: 'center',
      }}
    >
      <div aria-hidden="true" style={{ fontSize: 96, lineHeight: 1 }}>
        {tone.good ? '✓' : '✕'}
      </div>
      <h2 style={{ fontSize: 40, lineHeight: 1.1, margin: 0 }}>{word[v.verdict]}</h2>
      {a && (a.first_name || a.last_name) && (
        <p style={{ fontSize: 26, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' }}>
          {a.first_name} {a.last_name}
        </p>
      )}
      {a && <p style={{ fontSize: 20, margin: 0 }}>{a.ticket_name}</p>}
      {a?.event_date && (
        <p style={{ fontSize: 20, margin: 0 }} data-testid="door-verdict-date">
          {day(a.event_date)}
        </p>
      )}
      {v.verdict === 'ALREADY_CHECKED_IN' && v.at && (
        <p style={{ fontSize: 20, margin: 0 }} data-testid="door-verdict-when">
          <Trans>
            Entró a las {time(v.at)} · {props.listName}
          </Trans>
        </p>
      )}
      {v.verdict !== 'ADMITTED' && v.verdict !== 'ALREADY_CHECKED_IN' && message && (
        <p style={{ fontSize: 18, margin: 0 }} data-testid="door-verdict-message">
          {message}
        </p>
      )}
      {a?.answers.map((answer) => (
        <p key={answer.question} style={{ fontSize: 18, margin: 0 }}>
          {answer.question}: <strong>{answer.answer}</strong>
        </p>
      ))}
      {v.local && (
        <p style={{ fontSize: 15, margin: 0 }}>
          {v.verdict === 'ADMITTED' ? (
            <Trans>Registrada en este dispositivo; se enviará al volver la conexión.</Trans>
          ) : (
            <Trans>Comprobado en este dispositivo, sin conexión.</Trans>
          )}
        </p>
      )}
      <p style={{ fontSize: 15, margin: '16px 0 0' }}>
        <Trans>Toca para seguir</Trans>
      </p>
    </div>
  );
}
