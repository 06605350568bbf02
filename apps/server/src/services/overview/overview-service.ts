import {
  OVERVIEW_SECTION_IDS,
  OVERVIEW_SECTION_TITLES,
  OVERVIEW_VERSION,
  overviewFactsSchema,
  type OverviewFacts,
  type OverviewSaveRequest,
  type OverviewSaveResponse,
  type OverviewSection,
  type OverviewSectionId,
  type RepoOverview,
  type SiteOverview,
} from '@codedocs/contract';
import {
  computeOverview,
  ENGINE_SCHEMA_VERSION,
  OVERVIEW_MANIFEST_NAMES,
  overviewSections,
} from '@codedocs/engine';
import type { Repo } from '@codedocs/db';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../../auth/random-id';
import { conflict } from '../../errors/index';
import { findRepoIndex, listSourceFiles } from '../../repositories/code-index-repository';
import { findRepo } from '../../repositories/repos-repository';
import { Memo } from '../../repositories/memo';
import {
  findOverview,
  listCommitPaths,
  listOverviewSections,
  upsertOverview,
  writeOverviewSectionIfVersion,
} from '../../repositories/overview-repository';
import { nowIso, type ServiceContext } from '../context';
import { commitReferences, fileModels } from '../livedocs/commit-model';
import { readSourceTexts } from '../livedocs/source-reader';
import { ownRepo } from '../repos/repo-tasks-service';

type Deps = Pick<ServiceContext, 'db' | 'config'>;

/** Which engine and overview computed stored facts: others are computed again. */
const FACTS_VERSION = ENGINE_SCHEMA_VERSION * 1000 + OVERVIEW_VERSION;

// manifests of dependencies and fixtures vendored into a repository are not its entry points
const VENDORED = /(^|\/)(node_modules|vendor|third_party|fixtures?|testdata)\//;
const MANIFEST_LIMIT = 50;
const MANIFEST_MAX_BYTES = 512 * 1024;

/** Facts of one commit, computed once per process for a (repository, commit). */
const computing = new Memo<{ facts: OverviewFacts; generatedAt: string }>(16);

/** The facts of an indexed commit, read from the engine models, references and manifests. */
async function computeFacts(deps: Deps, repoId: string, commitId: string): Promise<OverviewFacts> {
  const sourceFiles = await listSourceFiles(deps.db, repoId, commitId);
  const files = await fileModels(deps.db, repoId, sourceFiles);
  const references = await commitReferences(deps.db, repoId, commitId);
  const listed = await listCommitPaths(deps.db, repoId, commitId);
  const manifestRows = listed
    .filter((row) => OVERVIEW_MANIFEST_NAMES.includes(row.name) && !VENDORED.test(row.path))
    .slice(0, MANIFEST_LIMIT);
  const texts = await readSourceTexts(
    deps,
    repoId,
    manifestRows.map((row) => row.blob_sha),
  );
  const manifests = manifestRows.flatMap((row) => {
    const text = texts.get(row.blob_sha);
    return text !== undefined && text.length <= MANIFEST_MAX_BYTES
      ? [{ path: row.path, text }]
      : [];
  });
  return computeOverview({ files, references, manifests, paths: listed.map((row) => row.path) });
}

/**
 * The overview facts at the repository's current commit: the stored ones when they were
 * computed for that commit by this engine, else computed now and stored (so a re-indexed
 * repository gets new facts on the first read, and people's sections are compared with them).
 */
async function currentFacts(
  deps: Deps,
  repo: Pick<Repo, 'id' | 'head_commit'>,
): Promise<{ commitId: string; facts: OverviewFacts; generatedAt: string }> {
  const commitId = repo.head_commit;
  if (!commitId || !(await findRepoIndex(deps.db, repo.id, commitId))) {
    throw conflict(
      'This repository is still being indexed at its current commit; its overview is made when that is done',
    );
  }
  const stored = await findOverview(deps.db, repo.id);
  if (stored && stored.commit_id === commitId && Number(stored.schema_version) === FACTS_VERSION) {
    return {
      commitId,
      facts: overviewFactsSchema.parse(JSON.parse(stored.facts)),
      generatedAt: stored.generated_at,
    };
  }
  const made = await computing.get(`${repo.id}\0${commitId}`, async () => {
    const facts = await computeFacts(deps, repo.id, commitId);
    const generatedAt = nowIso();
    await upsertOverview(
      deps.db,
      {
        repo_id: repo.id,
        commit_id: commitId,
        schema_version: FACTS_VERSION,
        facts: JSON.stringify(facts),
      },
      generatedAt,
    );
    return { facts, generatedAt };
  });
  return { commitId, ...made };
}

type SectionRow = Awaited<ReturnType<typeof listOverviewSections>>[number];

function presentSection(
  sectionId: OverviewSectionId,
  generated: string,
  commitId: string,
  row: SectionRow | undefined,
): OverviewSection {
  return {
    section_id: sectionId,
    title: OVERVIEW_SECTION_TITLES[sectionId],
    value: row ? row.value : generated,
    generated,
    source: row ? 'edited' : 'generated',
    version: row ? Number(row.version) : 0,
    stale: row ? row.generated_hash_at_write !== sha256(generated) : false,
    written_at_commit: row ? row.written_at_commit : commitId,
    updated_at: row ? row.updated_at : null,
    updated_by: row ? row.updated_by_name : null,
  };
}

async function sectionsOf(
  deps: Deps,
  repoId: string,
  commitId: string,
  facts: OverviewFacts,
): Promise<OverviewSection[]> {
  const generated = overviewSections(facts);
  const rows = new Map(
    (await listOverviewSections(deps.db, repoId)).map((row) => [row.section_id, row]),
  );
  return OVERVIEW_SECTION_IDS.map((id) =>
    presentSection(id, generated[id], commitId, rows.get(id)),
  );
}

/** `GET /api/v0/repo/{id}/overview`: facts and sections at the current commit. */
export async function repoOverview(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
): Promise<RepoOverview> {
  const repo = await ownRepo(ctx, userId, repoId);
  const { commitId, facts, generatedAt } = await currentFacts(ctx, repo);
  return {
    repo_id: repo.id,
    commit_id: commitId,
    generated_at: generatedAt,
    facts,
    sections: await sectionsOf(ctx, repo.id, commitId, facts),
  };
}

/**
 * `POST /api/v0/repo/{id}/overview/save`: a person's text for one section, written against the
 * facts of the current commit, only if the section is still at the version the editor loaded.
 */
export async function saveOverviewSection(
  ctx: ServiceContext,
  userId: string,
  repoId: string,
  request: OverviewSaveRequest,
): Promise<OverviewSaveResponse> {
  const repo = await ownRepo(ctx, userId, repoId);
  const { commitId, facts } = await currentFacts(ctx, repo);
  const generated = overviewSections(facts)[request.section_id];
  const rows = await listOverviewSections(ctx.db, repo.id);
  const existing = rows.find((row) => row.section_id === request.section_id);
  const expected = request.version ?? (existing ? Number(existing.version) : 0);
  const version = await writeOverviewSectionIfVersion(
    ctx.db,
    {
      repo_id: repo.id,
      section_id: request.section_id,
      value: request.doc,
      written_at_commit: commitId,
      generated_hash_at_write: sha256(generated),
      updated_at: nowIso(),
      updated_by: userId,
    },
    expected,
  );
  if (version === null) {
    throw conflict(
      'This section was changed by someone else since you opened it; reload it to see their version before saving yours',
    );
  }
  const after = (await listOverviewSections(ctx.db, repo.id)).find(
    (row) => row.section_id === request.section_id,
  );
  return { section: presentSection(request.section_id, generated, commitId, after) };
}

/** What a site shows of a repository's overview: the facts and every section with text. */
export async function siteOverview(
  deps: Deps,
  repo: Pick<Repo, 'id' | 'head_commit'>,
): Promise<SiteOverview> {
  const { commitId, facts } = await currentFacts(deps, repo);
  const sections = await sectionsOf(deps, repo.id, commitId, facts);
  return {
    facts,
    sections: sections
      .filter((section) => section.value.trim() !== '')
      .map(({ section_id, title, value }) => ({ section_id, title, value })),
  };
}

/**
 * Computes and stores the overview facts of a commit just indexed when it is the repository's
 * current one, so the first read of the overview finds them ready instead of computing them
 * (every model and reference of the commit) while a person waits. A failure is logged and left
 * to that first read: it never fails the indexing.
 */
export async function prepareOverview(
  deps: Deps & { log: FastifyBaseLogger },
  repoId: string,
  commitId: string,
): Promise<void> {
  try {
    const repo = await findRepo(deps.db, repoId);
    if (!repo || repo.head_commit !== commitId) return;
    await currentFacts(deps, repo);
  } catch (error) {
    deps.log.warn({ err: error, repoId, commitId }, 'preparing the repository overview failed');
  }
}
