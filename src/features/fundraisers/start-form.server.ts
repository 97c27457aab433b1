// The "start a fundraiser" page's work (issue 13): show the form for a campaign, read a posted
// multipart form (texts and files), and start the page, or give back the errors to show in the
// visitor's language. A refused post writes nothing.
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { readMultipartForm } from '#server/http.ts';
import { startFundraiserSchema } from './fundraiser-form.schema';
import type { CampaignRef } from './fundraiser-repo.server';
import { MAX_PHOTO_BYTES, sniffType } from './fundraiser-rules';
import {
  campaignForFundraising,
  type FundraisingSettings,
  startFundraiser,
  type UploadedFile,
} from './fundraisers.server';
import { fundraiserPaths } from './paths';

/** A form with a photo and a document of 5 MB each, and its texts. */
const MAX_FORM_BYTES = 2 * MAX_PHOTO_BYTES + 200_000;

export type FundraiserStart =
  | { kind: 'not_found' }
  | { kind: 'live'; path: string }
  | { kind: 'pending'; campaign: CampaignRef; status?: number }
  | {
      kind: 'form';
      campaign: CampaignRef;
      settings: FundraisingSettings;
      teams: { slug: string; name: string }[];
      values: Record<string, string>;
      errors: Record<string, string>;
      error: string | null;
      status?: number;
    };

function upload(bytes: Uint8Array | undefined): UploadedFile | null {
  if (!bytes || bytes.length === 0) return null;
  // The stored type is what the bytes are; the rules refuse what is not allowed.
  return { type: sniffType(bytes) ?? 'application/octet-stream', bytes };
}

export async function startFundraiserFromForm(
  db: Db,
  input: {
    tenant: Tenant;
    campaignPublicId: string;
    customer: { id: string; name: string } | null;
    locale: Locale;
    t: Translate;
    request: Request;
  },
): Promise<FundraiserStart> {
  const { tenant, t } = input;
  const found = await campaignForFundraising(db, tenant.id, input.campaignPublicId);
  if (!found || !input.customer) return { kind: 'not_found' };
  const base = {
    kind: 'form' as const,
    campaign: found.campaign,
    settings: found.settings,
    teams: found.teams.map((team) => ({ slug: team.slug, name: team.name })),
  };
  if (input.request.method !== 'POST') {
    return { ...base, values: { displayName: input.customer.name }, errors: {}, error: null };
  }
  const { fields, files } = await readMultipartForm(input.request, MAX_FORM_BYTES);
  const values = Object.fromEntries(
    ['displayName', 'title', 'story', 'goal', 'endsOn', 'team', 'teamSlug', 'teamName', 'notify'].map((k) => [
      k,
      (fields[k] ?? '').slice(0, 6000),
    ]),
  );
  const parsed = startFundraiserSchema(tenant.currency).safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= t(issue.message as MessageKey);
    return { ...base, values, errors, error: t('fundraiser.form.fixErrors'), status: 400 };
  }
  const result = await startFundraiser(db, {
    tenantId: tenant.id,
    timeZone: tenant.timeZone,
    campaignPublicId: found.campaign.publicId,
    customerId: input.customer.id,
    locale: input.locale,
    values: parsed.data,
    photo: upload(files.photo),
    identity: upload(files.identity),
  });
  if (!result.ok) {
    const message = t(result.error as MessageKey);
    return {
      ...base,
      values,
      errors: result.field ? { [result.field]: message } : {},
      error: message,
      status: result.status,
    };
  }
  if (result.fundraiser.status === 'live') {
    return { kind: 'live', path: fundraiserPaths.page(result.campaignPublicId, result.fundraiser.slug) };
  }
  return { kind: 'pending', campaign: found.campaign };
}
