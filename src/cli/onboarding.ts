/** Commands for onboarding plans. */
import type { Command } from "./command.ts";
import { closeStalePlans } from "../services/onboarding_plans.ts";
import { NEW_HIRE_DAYS } from "../services/onboarding_templates.ts";

export const onboardingCommands: Command[] = [
  {
    name: "onboarding close-stale",
    summary: "Close the onboarding plans started for people who were not new hires",
    usage: "onboarding close-stale [--dry-run]\n\n" +
      `Closes every open plan made for someone employed for more than ${NEW_HIRE_DAYS} days already on the\n` +
      "day the plan was made: what an employee file of long-time staff started before only new hires got a\n" +
      "plan (tasks due years ago, managers with lists of them). Their open tasks leave the people's to-dos and\n" +
      "the managers' lists; the tasks stay as they were. Plans of new hires stay open. --dry-run lists the\n" +
      "plans and changes nothing.",
    options: { "dry-run": { type: "boolean" } },
    async run(deps, { values }, io) {
      const dryRun = values["dry-run"] === true;
      const plans = await closeStalePlans(deps, { dryRun });
      for (const p of plans) {
        io.out(`${p.personnelNumber} ${p.name}: first day ${p.firstDay}, ${p.openTasks} open task(s)\n`);
      }
      io.out(
        dryRun
          ? `${plans.length} plan(s) would be closed; nothing was changed.\n`
          : `${plans.length} plan(s) closed.\n`,
      );
      return 0;
    },
  },
];
