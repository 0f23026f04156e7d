// The source files of the routes that the build names, each a frame and its page as
// src/app/route-modules.tsx imports them: index.html preloads the sign-in route's (vite.config.ts),
// and each prerendered document's loader starts its own (prerender-screens.tsx). A moved route fails the build
// (scripts/preload-first-route.ts, routeChunkFiles).
export const SIGN_IN_ROUTE_FILES = ['src/app/routes/auth-frame.tsx', 'src/app/routes/login.tsx']
export const MY_JOBS_ROUTE_FILES = ['src/app/routes/app-frame.tsx', 'src/app/routes/my-jobs.tsx']
