import { questionInput, questionSortInput } from '@taquilla/shared/schemas/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth.ts';
import { listQuerystring } from '../../lib/pagination.ts';
import * as service from './questions.service.ts';

const eventParams = z.object({ eventId: z.uuid() });
/** A uuid, or `default:first_name` etc. for the built-in questions (read-only). */
const itemParams = z.object({ eventId: z.uuid(), questionId: z.string().min(1).max(64) });
const base = '/events/:eventId/questions';

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(base, { schema: { params: eventParams, querystring: listQuerystring } }, async (request) =>
    service.listQuestions(deps, requireAuth(request), request.params.eventId, request.query, request.locale),
  );
  app.post(base, { schema: { params: eventParams, body: questionInput } }, async (request, reply) => {
    const data = await service.createQuestion(
      deps,
      requireAuth(request),
      request.params.eventId,
      request.body,
    );
    return reply.status(201).send({ data });
  });
  app.put(
    `${base}/sort`,
    { schema: { params: eventParams, body: questionSortInput } },
    async (request, reply) => {
      await service.sortQuestions(deps, requireAuth(request), request.params.eventId, request.body.ids);
      return reply.status(204).send();
    },
  );
  app.get(`${base}/:questionId`, { schema: { params: itemParams } }, async (request) => ({
    data: await service.getQuestion(
      deps.db,
      requireAuth(request),
      request.params.eventId,
      request.params.questionId,
      request.locale,
    ),
  }));
  app.put(
    `${base}/:questionId`,
    { schema: { params: itemParams, body: questionInput } },
    async (request) => ({
      data: await service.updateQuestion(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.params.questionId,
        request.body,
      ),
    }),
  );
  app.delete(`${base}/:questionId`, { schema: { params: itemParams } }, async (request, reply) => {
    await service.deleteQuestion(
      deps,
      requireAuth(request),
      request.params.eventId,
      request.params.questionId,
    );
    return reply.status(204).send();
  });
};
