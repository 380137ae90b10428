import { dataEnvelope, listEnvelope, noContent } from '@taquilla/shared/schemas/envelope';
import { questionInput, questionSchema, questionSortInput } from '@taquilla/shared/schemas/questions';
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
  app.get(
    base,
    {
      schema: {
        summary: "List an event's questions (the built-in ones first)",
        params: eventParams,
        querystring: listQuerystring,
        response: { 200: listEnvelope(questionSchema) },
      },
    },
    async (request) =>
      service.listQuestions(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.query,
        request.locale,
      ),
  );
  app.post(
    base,
    {
      schema: {
        summary: 'Create a question',
        params: eventParams,
        body: questionInput,
        response: { 201: dataEnvelope(questionSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.createQuestion(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.body,
      );
      return reply.status(201).send({ data });
    },
  );
  app.put(
    `${base}/sort`,
    {
      schema: {
        summary: 'Reorder the questions',
        params: eventParams,
        body: questionSortInput,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.sortQuestions(deps, requireAuth(request), request.params.eventId, request.body.ids);
      return reply.status(204).send();
    },
  );
  app.get(
    `${base}/:questionId`,
    {
      schema: {
        summary: 'Get a question',
        params: itemParams,
        response: { 200: dataEnvelope(questionSchema) },
      },
    },
    async (request) => ({
      data: await service.getQuestion(
        deps.db,
        requireAuth(request),
        request.params.eventId,
        request.params.questionId,
        request.locale,
      ),
    }),
  );
  app.put(
    `${base}/:questionId`,
    {
      schema: {
        summary: 'Update a question',
        params: itemParams,
        body: questionInput,
        response: { 200: dataEnvelope(questionSchema) },
      },
    },
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
  app.delete(
    `${base}/:questionId`,
    { schema: { summary: 'Delete a question', params: itemParams, response: { 204: noContent } } },
    async (request, reply) => {
      await service.deleteQuestion(
        deps,
        requireAuth(request),
        request.params.eventId,
        request.params.questionId,
      );
      return reply.status(204).send();
    },
  );
};
