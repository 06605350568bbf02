import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * SQL that is true when the share row named `alias` grants access at `now`: not revoked, not
 * expired, and made by the folder's owner or by an editor who still holds editor access through
 * a live share of the owner (editors may only re-share as viewer, so one level is all there is).
 * Every read of a share, of a membership and of a shared site's file goes through this, so
 * expiry and revocation take effect on the next request, with no job to run.
 *
 * Timestamps compare as ISO-8601 strings on SQLite and as timestamptz on PostgreSQL.
 */
export function shareIsLive(alias: string, now: string): RawBuilder<SqlBool> {
  const s = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<SqlBool>`(
    ${s('revoked_at')} is null
    and (${s('expires_at')} is null or ${s('expires_at')} > ${now})
    and (
      ${s('created_by')} = (select lf.owner_id from folders lf where lf.id = ${s('folder_id')})
      or exists (
        select 1 from folder_members lm
        inner join shares ls on ls.id = lm.via_share_id
        where lm.folder_id = ${s('folder_id')}
          and lm.user_id = ${s('created_by')}
          and lm.permission = 'editor'
          and ls.revoked_at is null
          and (ls.expires_at is null or ls.expires_at > ${now})
          and ls.created_by = (select lo.owner_id from folders lo where lo.id = ls.folder_id)
      )
    )
  )`;
}

/** The same condition as a 0/1 column, for reads that report a share's state. */
export function shareIsLiveFlag(alias: string, now: string): RawBuilder<number> {
  return sql<number>`case when ${shareIsLive(alias, now)} then 1 else 0 end`;
}
