import { END_PORTIONS, START_PORTIONS } from "../domain/leave.ts";
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { getTeamAbsences } from "../services/team_absences.ts";
import { route, type RouteDef } from "./route.ts";
import { isoDate, namedSchemas } from "./schemas.ts";

export const TeamMemberAbsence = z.strictObject({
  employeeId: z.string(),
  name: z.string(),
  kind: z.enum(["ABSENT"]).meta({
    description: "Always ABSENT: colleagues never learn whether it is vacation, sickness or special leave.",
  }),
  startDate: isoDate,
  startPortion: z.enum(START_PORTIONS).meta({
    description: "AFTERNOON: away from noon of the first day.",
  }),
  endDate: isoDate,
  endPortion: z.enum(END_PORTIONS).meta({ description: "MORNING: back at noon of the last day." }),
});
namedSchemas.push([TeamMemberAbsence, "TeamMemberAbsence"]);

export const TeamAbsences = z.strictObject({
  from: isoDate,
  to: isoDate,
  members: z.array(z.strictObject({
    employeeId: z.string(),
    name: z.string(),
    role: z.enum(["MANAGER", "COLLEAGUE"]),
  })).max(50),
  items: z.array(TeamMemberAbsence).max(200).meta({ description: "The absences, as every list's `items`." }),
  nextCursor: z.string().nullable().meta({ description: "Always null: the range is one page." }),
  absences: z.array(TeamMemberAbsence).max(200).meta({ description: "The same as `items`, for older apps." }),
});
namedSchemas.push([TeamAbsences, "TeamAbsences"]);

/** What every employee sees of their team: who is away when, never why. */
export const teamRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/team/absences",
    operationId: "getTeamAbsences",
    tag: "leave",
    access: "employee",
    summary: "Who of the caller's team is away: names and dates to the half day, never why",
    description:
      "The team is the caller's manager and the colleagues with the same manager (the caller left out; a " +
      "person without a manager has an empty team), those employed in the range. Every absence reads " +
      "`ABSENT`, whatever it is (vacation, sick leave, special or unpaid leave); one person's overlapping or " +
      "adjoining absences are merged into one span. Only approved leave is shown, never a sick leave (an " +
      "ongoing one would be told apart from planned leave by its open end). The range lies within four weeks " +
      "back and three months ahead of today (400 naming `query.from` or `query.to` beyond), at most 62 days; " +
      "default four weeks from this Monday. `items` holds the absences (as `absences`, kept for older apps), " +
      "`nextCursor` is always null (one page). Another person's data: answered `Cache-Control: no-store`.",
    query: z.strictObject({ from: isoDate.optional(), to: isoDate.optional() }),
    response: TeamAbsences,
    errors: {
      400:
        "An invalid date, `to` before `from`, more than 62 days, `from` more than four weeks back or the " +
        "range past three months ahead.",
    },
    handler: async ({ deps, user, query }) => {
      const team = await getTeamAbsences(deps, portalActor(user), query);
      return {
        from: team.from,
        to: team.to,
        members: team.members,
        items: team.absences,
        nextCursor: null,
        absences: team.absences,
      };
    },
  }),
];
