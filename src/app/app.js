// @ts-check
/**
 * The employee app at `/`: one page, screens by path (/, /leave, /time, /sick, /payslips, /team, /account),
 * every datum from the portal API. Plain DOM, no library: the whole app is a few kilobytes. This is its
 * entry: the table of screens (one module each in screens/), and the start. The core (core/) holds the
 * state, the frame and router, the forms and the sessions; api.js is the typed door to the portal.
 */
import { call, OfflineError, SignedOutError } from "./api.js";
import { route, show } from "./core/router.js";
import { rememberSession } from "./core/session.js";
import { setLang, state } from "./core/state.js";
import { account } from "./screens/account.js";
import { assistants } from "./screens/assistants.js";
import { home } from "./screens/home.js";
import { leave } from "./screens/leave.js";
import { payslips } from "./screens/payslips.js";
import { profile } from "./screens/profile.js";
import { pushAgain } from "./screens/push.js";
import { salary } from "./screens/salary.js";
import { sick } from "./screens/sick.js";
import { team } from "./screens/team.js";
import { time } from "./screens/time.js";
import { todos } from "./screens/todos.js";

route({
  "/": home,
  "/leave": leave,
  "/time": time,
  "/sick": sick,
  "/payslips": payslips,
  "/salary": salary,
  "/team": team,
  "/todos": todos,
  "/profile": profile,
  "/assistants": assistants,
  "/account": account,
});

async function start() {
  try {
    const s = await call("GET", "/auth/session");
    state.user = s.user;
    rememberSession(s);
    setLang(s.user.language);
    pushAgain();
  } catch (e) {
    if (e instanceof SignedOutError) return;
    if (!(e instanceof OfflineError)) throw e;
    // Offline: the home screen as last seen on this device.
    if (location.pathname !== "/") history.replaceState(null, "", "/");
  }
  await show();
}

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
start();
