/**
 * Hiring from the advertisement to the onboarding plan, in headless Chromium without JavaScript, against the
 * service on a local port with the demo organisation, a real SMTP server and an assistant on the official MCP
 * client. HR opens a position and gives a stage a candidate e-mail (previewed first); a candidate applies
 * through the public careers form with a PDF; the acknowledgement arrives; the assistant moves the application
 * into that stage (prepare_stage_move, commit_stage_move) and the stage's e-mail arrives in the candidate's
 * language; the gate refuses a move with an open blocking task in the console and over the connector alike;
 * HR marks the candidate hired in the console, and the connector's onboarding tools see the plan that starts.
 * The mail outbox is delivered with the service's own `deliverDue`, so nothing waits on a timer.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { E2E, ok, refusal, startMcpServer } from "../mcp/_harness.ts";
import { startSmtp } from "../_smtp.ts";
import { TEMPLATE } from "../_hiring.ts";
import { applications, employees, positions } from "../../src/db/schema/mod.ts";
import { applyConfiguration } from "../../src/org_config/mod.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { launchChromium } from "../_chromium.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const CANDIDATE = "chloe.favre@example.ch";
const TITLE = "Comptable 80 %";

Deno.test("recruiting in the browser: from the advertisement to the onboarding plan", E2E, async (t) => {
  const s = await startMcpServer();
  const smtp = await startSmtp();
  const transport = smtpTransport(smtp.url);
  const deliver = () => deliverDue(s.t.deps, transport, "HR <hr@demo.example>");
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));
  const decoded = (data: string) => data.replace(/=\r?\n/g, "").replace(/=C3=A0/g, "à").replace(/=3D/g, "=");
  const browser = await launchChromium();
  try {
    assert.ok((await applyConfiguration(s.t.deps, TEMPLATE)).ok);
    const hrContext = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
    const hr = await hrContext.newPage();
    const assistant = await s.client((await s.grant("hr")).token);
    let applicationId = "";

    await t.step("HR signs in and opens a position", async () => {
      await hr.goto(`${s.origin}/hr/recruiting`);
      await hr.locator("#email").fill("hr@demo.example");
      await hr.locator("#password").fill("demo-password-2026");
      await hr.locator("form button[type=submit]").click();
      assert.equal(new URL(hr.url()).pathname, "/hr/recruiting");
      await hr.locator("#ptitle").fill(TITLE);
      await hr.locator("#pstatus").selectOption("OPEN");
      await hr.locator("#pdept").fill("Finance");
      await hr.locator("#pcanton").selectOption("VD");
      await hr.locator("#pmin").fill("80");
      await hr.locator("#pmax").fill("80");
      await hr.locator("#phm").fill("GW-006");
      await hr.locator("#pstart").fill("2027-03-01");
      await hr.locator("#pad-fr").fill("Tu tiens la comptabilité d'une PME.");
      await hr.locator("form[action='/hr/recruiting/positions'] button[type=submit]").click();
      assert.match(await hr.locator("[role=status]").innerText(), /Le poste est enregistré/);
      assert.equal(await hr.locator("h1").innerText(), TITLE);
    });

    await t.step("HR gives SCREENING a candidate e-mail, previewed before saving", async () => {
      await hr.goto(`${s.origin}/hr/recruiting/stages/SCREENING`);
      await hr.locator("#task-0-kind").selectOption("EMAIL_CANDIDATE");
      await hr.locator("#task-0-title").fill("Accusé de présélection");
      await hr.locator("#task-0-subject-de").fill("Ihre Bewerbung als {position}");
      await hr.locator("#task-0-body-de").fill("Guten Tag {firstName}\n\nWir prüfen Ihre Unterlagen.");
      await hr.locator("#task-0-subject-fr").fill("Votre candidature : {position}");
      await hr.locator("#task-0-body-fr").fill("Bonjour {firstName}\n\nNous examinons votre dossier.");
      await hr.locator("button[value=preview]").click();
      const preview = hr.locator("figure[lang=fr]");
      assert.match(await preview.innerText(), /Votre candidature : Gestionnaire RH[\s\S]*Bonjour Anna/);
      assert.equal(await hr.locator("[role=status]").count(), 0, "the preview saves nothing");
      await hr.locator("button[value=save]").click();
      assert.match(await hr.locator("[role=status]").innerText(), /L'étape SCREENING est enregistrée/);
    });

    await t.step("a candidate applies through the careers form with a PDF", async () => {
      const visitor = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
      const page = await visitor.newPage();
      await page.goto(`${s.origin}/careers?lang=fr`);
      await page.getByRole("link", { name: TITLE }).click();
      assert.match(
        await page.locator("main, body").first().innerText(),
        /Tu tiens la comptabilité d'une PME\./,
      );
      await page.locator("#first").fill("Chloé");
      await page.locator("#last").fill("Favre");
      await page.locator("#email").fill(CANDIDATE);
      await page.locator("#language").selectOption("fr");
      await page.locator("#cv").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.locator("#consent").check();
      await page.locator("form button[type=submit]").click();
      assert.match(await page.locator("[role=status]").innerText(), new RegExp(TITLE));
      await visitor.close();
      const [pos] = await s.t.deps.db.select().from(positions).where(eq(positions.title, TITLE));
      const [app] = await s.t.deps.db.select().from(applications).where(eq(applications.positionId, pos.id));
      applicationId = app.id;
    });

    await t.step("the acknowledgement arrives at the SMTP server", async () => {
      await deliver();
      assert.equal(mailsTo(CANDIDATE).length, 1);
    });

    await t.step("the assistant moves the application; the stage's e-mail arrives in French", async () => {
      const p = ok<{ previewId: string; emailsCandidate: boolean }>(
        await assistant.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: applicationId, to_stage: "SCREENING" },
        }),
      );
      assert.equal(p.emailsCandidate, true);
      ok(await assistant.callTool({ name: "commit_stage_move", arguments: { previewId: p.previewId } }));
      await deliver();
      const mails = mailsTo(CANDIDATE);
      assert.equal(mails.length, 2);
      assert.match(decoded(mails[1].data), /Nous examinons votre dossier\./);
    });

    await t.step("into INTERVIEW: its blocking reference check now holds OFFER shut", async () => {
      const p = ok<{ previewId: string }>(
        await assistant.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: applicationId, to_stage: "INTERVIEW" },
        }),
      );
      ok(await assistant.callTool({ name: "commit_stage_move", arguments: { previewId: p.previewId } }));
    });

    await t.step("the gate refuses OFFER in the console and over the connector alike", async () => {
      await hr.goto(`${s.origin}/hr/recruiting/applications/${applicationId}`);
      await hr.locator("#to").selectOption("OFFER");
      await hr.locator(`form[action$='/move'] button[type=submit]`).click();
      assert.match(
        await hr.locator("[role=alert]").innerText(),
        /L'étape « Offre » est verrouillée : terminez d'abord 'Reference check'\./,
      );
      assert.match(
        refusal(
          await assistant.callTool({
            name: "prepare_stage_move",
            arguments: { application_id: applicationId, to_stage: "OFFER" },
          }),
        ),
        /verrouillée.*Reference check/s,
      );
      const [app] = await s.t.deps.db.select().from(applications).where(eq(applications.id, applicationId));
      assert.equal(app.status, "ACTIVE");
    });

    let employeeId = "";
    await t.step("HR marks the candidate hired: an employee with a plan", async () => {
      await hr.locator("#to").selectOption("HIRED");
      await hr.locator(`form[action$='/move'] button[type=submit]`).click();
      assert.match(await hr.locator("[role=status]").innerText(), /Engagé·e : Chloé Favre/);
      const [app] = await s.t.deps.db.select().from(applications).where(eq(applications.id, applicationId));
      assert.ok(app.employeeId);
      employeeId = app.employeeId;
      const [e] = await s.t.deps.db.select().from(employees).where(eq(employees.id, employeeId));
      assert.deepEqual([e.canton, e.employmentStart, e.workloadPercent], ["VD", "2027-03-01", 80]);
      await hr.getByRole("link", { name: /Dossier personnel/ }).click();
      assert.match(await hr.locator("#onboarding").innerText(), /Plan d'intégration/);
      assert.match(
        await hr.locator("section[aria-labelledby=onboarding]").innerText(),
        /Arbeitsvertrag unterschreiben/,
      );
    });

    await t.step("the connector's onboarding tools see the plan and add to it", async () => {
      const p = ok<{ previewId: string; planStart: string; tasksInPhase: { title: string }[] }>(
        await assistant.callTool({
          name: "prepare_onboarding_task",
          arguments: { employee_id: employeeId, title: "Accès au logiciel comptable", phase: "FIRST_DAY" },
        }),
      );
      assert.equal(p.planStart, "2027-03-01");
      assert.deepEqual(p.tasksInPhase.map((x) => x.title), ["Willkommen im Team"]);
      ok(await assistant.callTool({ name: "commit_onboarding_task", arguments: { previewId: p.previewId } }));
      await hr.reload();
      assert.match(
        await hr.locator("section[aria-labelledby=onboarding]").innerText(),
        /Accès au logiciel comptable/,
      );
    });
  } finally {
    await browser.close();
    transport.close();
    await smtp.close();
    await s.close();
  }
});
