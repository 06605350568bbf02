import { DEFAULT_DOC_STYLES, DOC_STYLE_CHOICES, DOC_STYLE_LANGUAGES } from '@codedocs/contract';
import type {
  DocStyles,
  GenerationPreferences,
  GenerationPreferencesUpdate,
} from '@codedocs/contract';
import { findDocStyles, saveDocStyles } from '../../repositories/preferences-repository';
import type { ServiceContext } from '../context';

/** Stored styles over the defaults; a style no longer offered falls back to the default. */
function docStylesOf(stored: string | undefined): DocStyles {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  const styles: Record<string, string> = { ...DEFAULT_DOC_STYLES };
  for (const language of DOC_STYLE_LANGUAGES) {
    const value = parsed[language];
    const choices: readonly string[] = DOC_STYLE_CHOICES[language];
    if (typeof value === 'string' && choices.includes(value)) styles[language] = value;
  }
  return styles as DocStyles;
}

/**
 * `GET /api/v2/livedocs/preferences`: the caller's doc style per language and the model that
 * writes prose. The model is the server's (LLM_BASE_URL/LLM_MODEL) for everyone: this server
 * takes no per-user endpoint, which would let any user make it call addresses of their choice.
 */
export async function getPreferences(
  ctx: ServiceContext,
  userId: string,
): Promise<GenerationPreferences> {
  return {
    doc_styles: docStylesOf(await findDocStyles(ctx.db, userId)),
    model: {
      configured: ctx.config.llm !== undefined,
      name: ctx.config.llm?.model ?? null,
      per_user: false,
    },
  };
}

/** `PUT /api/v2/livedocs/preferences`: changes some languages' doc styles. */
export async function updatePreferences(
  ctx: ServiceContext,
  userId: string,
  update: GenerationPreferencesUpdate,
): Promise<GenerationPreferences> {
  const current = docStylesOf(await findDocStyles(ctx.db, userId));
  await saveDocStyles(ctx.db, userId, JSON.stringify({ ...current, ...update.doc_styles }));
  return getPreferences(ctx, userId);
}
