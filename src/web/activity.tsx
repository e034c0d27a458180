/** @jsxImportSource hono/jsx */
/**
 * "What assistants read about you" on the connected-assistants page: the same log as the portal's
 * `listAssistantActivity`, filtered by a plain GET form (works without JavaScript).
 */
import { fill, type Lang } from "../i18n/mod.ts";
import { ACTIVITY_TEXTS } from "../i18n/activity.ts";
import type { ActivityItem, ConnectionCounts } from "../services/assistant_activity.ts";

function when(ms: number, lang: Lang): string {
  const locale = { de: "de-CH", fr: "fr-CH", it: "it-CH", en: "en-GB" }[lang] ?? "de-CH";
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Zurich",
  })
    .format(new Date(ms));
}

export function ActivitySection(p: {
  lang: Lang;
  items: ActivityItem[];
  counts: ConnectionCounts[];
  assistants: { clientId: string; name: string }[];
  from: string;
  to: string;
  assistant?: string;
  nextOffset: number | null;
}) {
  const t = ACTIVITY_TEXTS[p.lang].page;
  const more = new URLSearchParams({
    from: p.from,
    to: p.to,
    ...(p.assistant ? { assistant: p.assistant } : {}),
  });
  if (p.nextOffset !== null) more.set("offset", String(p.nextOffset));
  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <form method="get" action="/account/assistants" class="filters">
        <label>
          {t.from} <input type="date" name="from" value={p.from} required />
        </label>
        <label>
          {t.to} <input type="date" name="to" value={p.to} required />
        </label>
        <label>
          {t.assistant}{" "}
          <select name="assistant">
            <option value="">{t.allAssistants}</option>
            {p.assistants.map((a) => (
              <option key={a.clientId} value={a.clientId} selected={a.clientId === p.assistant}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t.show}</button>
      </form>
      {p.counts.map((c) => (
        <p key={c.connectionId} class="muted">
          {fill(t.touched, { assistant: c.assistant, count: c.personRecordsTouched })}
        </p>
      ))}
      {p.items.length === 0 ? <p>{t.empty}</p> : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t.when}</th>
              <th scope="col">{t.what}</th>
            </tr>
          </thead>
          <tbody>
            {p.items.map((i) => (
              <tr key={`${i.at}-${i.text}`}>
                <td>{when(i.at, p.lang)}</td>
                <td>{i.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.nextOffset !== null
        ? (
          <p>
            <a href={`/account/assistants?${more}`}>{t.more}</a>
          </p>
        )
        : null}
    </section>
  );
}
