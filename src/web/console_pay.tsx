/** @jsxImportSource hono/jsx */
/**
 * The HR console's pay page: a salary from a date, one payslip (its PDF and figures) and a month's payslips at
 * once from payroll's manifest and its PDFs, each saved through the same services as `pay` and
 * `payslips import`.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { swissAmount, swissDate } from "./console_common.ts";
import { addCompensation, listPayslipsOfPeriod, type PayslipListed } from "../services/hr_pay.ts";
import { todayOf } from "../services/common.ts";
import {
  defaultLabel,
  importManifest,
  importPayslips,
  MAX_PAYSLIP_BYTES,
} from "../services/payslip_import.ts";
import { listPersonNames } from "../services/hr_console.ts";
import {
  consoleGet,
  ConsolePage,
  consolePost,
  Field,
  formProblems,
  formText,
  type Page,
  type PageOpts,
  PersonSelect,
  PostForm,
  refusalShown,
  render,
  Table,
} from "./console_kit.tsx";

/** A refused payslip upload answers 409 when the payslip is there already, else 400. */
const uploadStatus = (errors: string[]) => errors.some((e) => /already has the payslip/.test(e)) ? 409 : 400;

/**
 * Stored payslips as a table: (the person,) the period's label, the payment day and the amounts in Swiss
 * format; a sentence when there is none.
 */
export function PayslipTable(
  props: { p: Page; rows: PayslipListed[]; labelledBy: string; withPerson?: boolean },
) {
  const { t, lang } = props.p;
  if (!props.rows.length) return <p>{t.noPayslips}</p>;
  return (
    <Table
      labelledBy={props.labelledBy}
      scroll
      cols={[
        ...(props.withPerson ? [t.colName] : []),
        t.payslipLabel,
        t.paymentDate,
        t.grossCol,
        t.netCol,
      ]}
    >
      {props.rows.map((r) => (
        <tr>
          {props.withPerson
            ? (
              <td>
                <a href={`/hr/people/${encodeURIComponent(r.pn)}#payslips`}>{`${r.first} ${r.last}`}</a>
                {` (${r.pn})`}
              </td>
            )
            : null}
          <td>{r.label}</td>
          <td>{swissDate(r.paymentDate, lang)}</td>
          <td>{`${swissAmount(r.gross)} ${r.currency}`}</td>
          <td>{`${swissAmount(r.net)} ${r.currency}`}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The pay page: the salary form, one payslip's upload and the manifest's. */
export async function payPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<200 | 400 | 403 | 404 | 409 | 413> & {
    /** The names of the files a refused manifest upload sent (a browser never keeps chosen files). */
    filesSent?: string[];
  } = {},
) {
  const { t } = p;
  const people = await listPersonNames(deps);
  // The month asked for (`?period=2026-11`), else the current one: what payroll imported last, as a rule.
  const asked = c.req.query("period") ?? "";
  const period = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : todayOf(deps).slice(0, 7);
  const imported = await listPayslipsOfPeriod(deps, period);
  const f = opts.form ?? {};
  return render(
    c,
    <ConsolePage p={p} title={t.pay} here="pay" flash={opts.flash} errors={opts.errors}>
      <p>{t.payIntro}</p>
      <PostForm p={p} action="/hr/pay">
        <PersonSelect id="ppn" label={t.colName} people={people} value={f.personnel_number} />
        <Field id="pfrom" label={t.validFrom} name="valid_from" type="date" required value={f.valid_from} />
        <Field
          id="psalary"
          label={t.annualSalary}
          name="annual_salary"
          type="number"
          min={1}
          step="0.05"
          required
          value={f.annual_salary}
        />
        <label for="ppayments">{t.payments}</label>
        <select id="ppayments" name="payments">
          {["13", "12"].map((n) => (
            <option key={n} value={n} selected={(f.payments ?? "13") === n}>{n}</option>
          ))}
        </select>
        <Field id="preason" label={t.reason} name="reason" type="text" maxlength={200} value={f.reason} />
        <button type="submit">{t.save}</button>
      </PostForm>
      <h2 id="payslips">{t.payslips}</h2>
      <p>{t.payslipsIntro}</p>
      <PostForm p={p} action="/hr/pay/payslips" upload>
        <PersonSelect id="spn" label={t.colName} people={people} value={f.personnel_number} />
        <Field id="speriod" label={t.period} name="period" type="month" required value={f.period} />
        <Field
          id="sdate"
          label={t.paymentDate}
          name="payment_date"
          type="date"
          required
          value={f.payment_date}
        />
        <Field
          id="sgross"
          label={t.gross}
          name="gross"
          type="number"
          min={0}
          step="0.05"
          required
          value={f.gross}
        />
        <Field id="snet" label={t.net} name="net" type="number" min={0} step="0.05" required value={f.net} />
        <Field
          id="slabel"
          label={t.label}
          hint={t.labelHint}
          name="label"
          type="text"
          maxlength={100}
          value={f.label}
        />
        <Field id="sfile" label={t.pdfFile} name="file" type="file" accept="application/pdf" required />
        <button type="submit">{t.save}</button>
      </PostForm>
      <h2 id="bulk">{t.bulkPayslips}</h2>
      <p id="bulk-intro">{t.bulkPayslipsIntro}</p>
      {opts.filesSent?.length
        ? <p class="hint" id="bulk-sent">{fill(t.filesSent, { names: opts.filesSent.join(", ") })}</p>
        : null}
      <PostForm p={p} action="/hr/pay/payslips/bulk" upload>
        <Field
          id="bmanifest"
          label={t.manifestFile}
          name="manifest"
          type="file"
          accept=".csv,text/csv"
          required
          describedBy="bulk-intro"
        />
        <Field
          id="bfiles"
          label={t.pdfFiles}
          name="files"
          type="file"
          accept="application/pdf"
          multiple
          required
        />
        <button type="submit">{t.bulkImport}</button>
      </PostForm>
      <h2 id="imported">{t.importedPayslips}</h2>
      <form method="get" action="/hr/pay#imported">
        <Field id="lperiod" label={t.period} name="period" type="month" value={period} />
        <button type="submit" class="secondary">{t.show}</button>
      </form>
      <PayslipTable p={p} rows={imported} labelledBy="imported" withPerson />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the pay page and its three forms under /hr/pay. */
// deno-lint-ignore no-explicit-any
export function mountConsolePay(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/pay", consoleGet(deps, "/hr/pay", (c, p) => payPage(deps, c, p)));

  app.post(
    "/hr/pay",
    consolePost(deps, "/hr/pay", payPage, async (c, { p, form }) => {
      const typed = {
        personnel_number: formText(form, "personnel_number", 40),
        valid_from: formText(form, "valid_from", 20),
        annual_salary: formText(form, "annual_salary", 20),
        payments: (form.get("payments") ?? "13").slice(0, 3),
        reason: formText(form, "reason", 200),
      };
      try {
        await addCompensation(deps, {
          personnelNumber: typed.personnel_number,
          validFrom: typed.valid_from,
          annualSalary: typed.annual_salary.trim() === "" ? NaN : Number(typed.annual_salary),
          payments: Number(typed.payments),
          reason: typed.reason || undefined,
        });
        return await payPage(deps, c, p, {
          flash: fill(p.t.salarySaved, {
            number: typed.personnel_number,
            date: swissDate(typed.valid_from, p.lang),
          }),
        });
      } catch (e) {
        return await payPage(deps, c, p, { ...refusalShown(e, p.lang, [409, 404] as const), form: typed });
      }
    }),
  );

  app.post(
    "/hr/pay/payslips",
    consolePost(deps, "/hr/pay", payPage, async (c, { p, form, files }) => {
      const typed = {
        personnel_number: formText(form, "personnel_number", 40),
        period: formText(form, "period", 20),
        payment_date: formText(form, "payment_date", 20),
        gross: formText(form, "gross", 20),
        net: formText(form, "net", 20),
        label: formText(form, "label", 200),
      };
      const file = files.get("file");
      const result = await importPayslips(deps, [{
        line: 1,
        personnelNumber: typed.personnel_number,
        period: typed.period,
        paymentDate: typed.payment_date,
        label: typed.label,
        gross: typed.gross,
        net: typed.net,
        currency: "CHF",
        fileName: file?.name || "file",
        bytes: file && file.size ? new Uint8Array(await file.arrayBuffer()) : null,
      }]);
      if (!result.ok) {
        return await payPage(deps, c, p, {
          errors: formProblems(result.errors),
          status: uploadStatus(result.errors),
          form: typed,
        });
      }
      return await payPage(deps, c, p, {
        flash: fill(p.t.payslipSaved, {
          label: typed.label.trim() || defaultLabel(typed.period),
          number: typed.personnel_number,
        }),
      });
    }),
  );

  app.post(
    "/hr/pay/payslips/bulk",
    consolePost(deps, "/hr/pay", payPage, async (c, { p, files, fileLists }) => {
      const manifest = files.get("manifest");
      const pdfs = (fileLists.get("files") ?? []).filter((f) => f.size > 0 || f.name);
      const filesSent = [manifest?.name, ...pdfs.map((f) => f.name)].filter((n): n is string => !!n);
      // Browsers send a file's name without its folder; a manifest's `file` may name one (payroll's export).
      const base = (name: string) => name.split(/[\\/]/).pop()!;
      const byName = new Map<string, File>();
      const twice: string[] = [];
      for (const f of pdfs) {
        if (byName.has(base(f.name))) twice.push(fill(p.t.bulkTwice, { file: base(f.name) }));
        byName.set(base(f.name), f);
      }
      const named = new Set<string>();
      const result = manifest && manifest.size
        ? await importManifest(
          deps,
          new Uint8Array(await manifest.arrayBuffer()),
          async (name) => {
            named.add(base(name));
            const f = byName.get(base(name));
            if (!f) return { bytes: null, problem: fill(p.t.bulkNotUploaded, { file: name }) };
            if (f.size > MAX_PAYSLIP_BYTES) {
              return {
                bytes: null,
                problem: fill(p.t.bulkTooLarge, { file: name, mb: MAX_PAYSLIP_BYTES / 1024 / 1024 }),
              };
            }
            return { bytes: new Uint8Array(await f.arrayBuffer()) };
          },
          () => [
            ...twice,
            ...[...byName.keys()].filter((n) => !named.has(n)).map((n) =>
              fill(p.t.bulkNotNamed, { file: n })
            ),
          ],
        )
        : { ok: false as const, errors: [p.t.bulkNoManifest] };
      if (!result.ok) {
        return await payPage(deps, c, p, {
          errors: result.errors,
          status: uploadStatus(result.errors),
          filesSent,
        });
      }
      return await payPage(deps, c, p, { flash: fill(p.t.bulkSaved, { count: result.created }) });
    }),
  );
}
