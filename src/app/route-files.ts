// The source files of the routes that the build and the bench name, each a frame and its page as
// src/app/route-modules.tsx imports them: index.html preloads the sign-in route's (vite.config.ts),
// each prerendered document's loader starts its own (prerender-screens.tsx), and the bench weighs
// the sign-in route's JavaScript (scripts/bench/login-route.ts). A moved route fails the build
// (scripts/preload-first-route.ts, routeChunkFiles).
export const SIGN_IN_ROUTE_FILES = ['src/app/routes/auth-frame.tsx', 'src/app/routes/login.tsx']
export const MY_JOBS_ROUTE_FILES = ['src/app/routes/app-frame.tsx', 'src/app/routes/my-jobs.tsx']
