import {
  livedocsAcceptRequestSchema,
  livedocsAcceptResponseSchema,
  livedocsCommitsResponseSchema,
  livedocsFilesQuerySchema,
  livedocsFilesResponseSchema,
  livedocsHistoryQuerySchema,
  livedocsHistoryResponseSchema,
  livedocsMetadataQuerySchema,
  livedocsMetadataResponseSchema,
  livedocsObjectActionRequestSchema,
  livedocsObjectQuerySchema,
  livedocsObjectResponseSchema,
  livedocsSaveRequestSchema,
  livedocsSaveResponseSchema,
  repoIdPathSchema,
} from '@codedocs/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdOf } from '../../plugins/authenticate';
import { acceptField, markReviewed, saveField } from '../../services/livedocs/editing';
import { objectView } from '../../services/livedocs/object-view';
import {
  fieldHistory,
  indexedCommitOf,
  livedocsCommits,
  livedocsFiles,
  livedocsMetadata,
} from '../../services/livedocs/reading';
import { SerializedJson, sendSerialized } from '../../presenters/serialized-json';
import { ownRepo } from '../../services/repos/repo-tasks-service';

const tags = ['livedocs'];

/** The v0 live-docs reads and edits (spec section 7, DESIGN.md section 5). */
export const livedocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/livedocs/files/:repo_id',
    {
      schema: {
        tags,
        summary: 'Files of a commit that hold documentable objects, with doc counts',
        params: repoIdPathSchema,
        querystring: livedocsFilesQuerySchema,
        response: { 200: livedocsFilesResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await livedocsFiles(
        app.services,
        app.jobs.queue,
        userIdOf(request),
        request.params.repo_id,
        request.query,
      );
      if (answer instanceof SerializedJson) return sendSerialized(request, reply, answer);
      return answer;
    },
  );

  app.get(
    '/livedocs/metadata/:repo_id',
    {
      schema: {
        tags,
        summary: 'Objects of chosen files, nested as files then objects',
        params: repoIdPathSchema,
        querystring: livedocsMetadataQuerySchema,
        response: { 200: livedocsMetadataResponseSchema },
      },
    },
    async (request) =>
      livedocsMetadata(app.services, userIdOf(request), request.params.repo_id, request.query),
  );

  app.get(
    '/livedocs/object/:repo_id',
    {
      schema: {
        tags,
        summary: 'One object: signature, code, doc fields, calls, callers, usages, status',
        params: repoIdPathSchema,
        querystring: livedocsObjectQuerySchema,
        response: { 200: livedocsObjectResponseSchema },
      },
    },
    async (request) => {
      const repo = await ownRepo(app.services, userIdOf(request), request.params.repo_id);
      const commitId = await indexedCommitOf(app.services, repo, request.query.commit_id);
      return { object: await objectView(app.services, repo, request.query.object_id, commitId) };
    },
  );

  app.post(
    '/livedocs/save',
    {
      schema: {
        tags,
        summary: 'Save one doc field (409 when it changed since the editor loaded it)',
        body: livedocsSaveRequestSchema,
        response: { 200: livedocsSaveResponseSchema },
      },
    },
    async (request) => saveField(app.services, userIdOf(request), request.body),
  );

  app.post(
    '/livedocs/accept',
    {
      schema: {
        tags,
        summary: 'Accept one generated doc field as it is (409 when it changed since)',
        body: livedocsAcceptRequestSchema,
        response: { 200: livedocsAcceptResponseSchema },
      },
    },
    async (request) => acceptField(app.services, userIdOf(request), request.body),
  );

  app.post(
    '/livedocs/review',
    {
      schema: {
        tags,
        summary: "Mark a stale object's docs as reviewed against the current code",
        body: livedocsObjectActionRequestSchema,
        response: { 200: livedocsObjectResponseSchema },
      },
    },
    async (request) => ({
      object: await markReviewed(app.services, userIdOf(request), request.body),
    }),
  );

  app.get(
    '/livedocs/commits/:repo_id',
    {
      schema: {
        tags,
        summary: 'Commits of a repository that have been indexed, newest first',
        params: repoIdPathSchema,
        response: { 200: livedocsCommitsResponseSchema },
      },
    },
    async (request) => livedocsCommits(app.services, userIdOf(request), request.params.repo_id),
  );

  app.get(
    '/livedocs/history/:repo_id',
    {
      schema: {
        tags,
        summary: "A doc field's saved versions, newest first",
        params: repoIdPathSchema,
        querystring: livedocsHistoryQuerySchema,
        response: { 200: livedocsHistoryResponseSchema },
      },
    },
    async (request) =>
      fieldHistory(app.services, userIdOf(request), request.params.repo_id, request.query),
  );
};
