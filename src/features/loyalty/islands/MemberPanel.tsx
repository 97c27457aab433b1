import { useEffect, useState } from 'react';
import { buttonClass } from '../../../components/ui/ui-classes';
import { apiCall } from '../../../lib/api-client';
import { MemberPanelData } from '../loyalty-api.schema';

export const MEMBER_PANEL_KEYS = [
  'loyalty.member.title',
  'loyalty.member.history',
  'loyalty.member.expiringTitle',
  'loyalty.member.noHistory',
  'loyalty.member.when',
  'loyalty.member.reason',
  'loyalty.member.points',
  'loyalty.programme.join',
  'loyalty.rewards.see',
] as const;

interface Props {
  /** Where the panel asks (the page is cached for everyone: the member's part comes after load). */
  endpoint: string;
  locale: string;
  joinHref: string;
  rewardsHref: string;
  messages: Record<(typeof MEMBER_PANEL_KEYS)[number], string>;
}

/** A programme page's member part: balance, tier, expiring points and the full history; or a join button. */
export default function MemberPanel({ endpoint, locale, joinHref, rewardsHref, messages: m }: Props) {
  const [data, setData] = useState<MemberPanelData | null>(null);
  useEffect(() => {
    apiCall(MemberPanelData, endpoint, { locale, cache: 'no-store', failed: '' }).then((answer) => {
      if (answer.ok) setData(answer.data);
    });
  }, [endpoint, locale]);

  if (!data?.member)
    return (
      <div className="flex flex-wrap gap-3" data-member-panel={data ? 'visitor' : 'loading'}>
        <a href={joinHref} className={buttonClass({ variant: 'primary', size: 'lg' })} data-join>
          {m['loyalty.programme.join']}
        </a>
        <a href={rewardsHref} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
          {m['loyalty.rewards.see']}
        </a>
      </div>
    );
  return (
    <section
      aria-labelledby="member-title"
      className="rounded-xl border border-gray-200 p-4 sm:p-6"
      data-member-panel="member"
    >
      <h2 id="member-title" className="text-lg font-semibold text-gray-900">
        {m['loyalty.member.title']}
      </h2>
      <p className="mt-2 text-3xl font-bold text-gray-900" data-balance>
        {data.balance}
      </p>
      {data.tier && <p className="mt-1 font-medium text-gray-800">{data.tier}</p>}
      {data.progress && <p className="mt-1 text-sm text-gray-700">{data.progress}</p>}
      {data.expiring.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold text-gray-900">{m['loyalty.member.expiringTitle']}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-gray-800">
            {data.expiring.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <a href={rewardsHref} className={buttonClass({ variant: 'primary', class: 'mt-4' })}>
        {m['loyalty.rewards.see']}
      </a>
      <h3 className="mt-6 font-semibold text-gray-900">{m['loyalty.member.history']}</h3>
      {data.history.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">{m['loyalty.member.noHistory']}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm" data-history>
            <thead className="border-b border-gray-200 text-gray-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {m['loyalty.member.when']}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m['loyalty.member.reason']}
                </th>
                <th scope="col" className="py-2 text-right">
                  {m['loyalty.member.points']}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((e) => (
                <tr key={e.id} className="border-b border-gray-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{e.when}</td>
                  <td className="py-2 pr-3">
                    {e.reason}
                    {e.source && <span className="block text-xs text-gray-700">{e.source}</span>}
                    {e.expires && <span className="block text-xs text-gray-700">{e.expires}</span>}
                  </td>
                  <td className="py-2 text-right tabular-nums font-medium">{e.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
