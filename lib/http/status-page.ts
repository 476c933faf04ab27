// The plain pages the server answers with when it cannot render the site: the database is down
// (lib/http/unavailable-page.ts, from proxy.ts) or the server has more requests than it can take
// (lib/http/admission.ts, from server.ts). Plain HTML with its own styles, in the site's colours:
// neither needs the app's layout, stylesheet or database. Nothing from Next: server.ts loads it.

type StatusPage = { title: string; heading: string; text: string };

export function statusPageHtml({ title, heading, text }: StatusPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { margin: 0; min-height: 100vh; background: #080a1a; color: #fff; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  header { border-bottom: 1px solid rgb(75 85 99 / 0.4); background: #0b0f29; padding: 1rem 1.5rem; font-size: 1.5rem; font-weight: 800; }
  header a { color: #fff; text-decoration: none; display: inline-flex; align-items: center; gap: 0.5rem; }
  .mark { display: inline-flex; width: 2rem; height: 2rem; align-items: center; justify-content: center; border-radius: 0.375rem; background: #e00000; font-size: 1.125rem; }
  .accent { color: #ff4d4d; }
  main { max-width: 42rem; margin: 0 auto; padding: 5rem 1rem; text-align: center; display: flex; flex-direction: column; align-items: center; gap: 1.5rem; }
  h1 { margin: 0; font-size: 1.875rem; } p { margin: 0; color: #c0c0c0; line-height: 1.5; }
  .actions { display: flex; flex-wrap: wrap; justify-content: center; gap: 1rem; }
  .actions a { border-radius: 0.375rem; padding: 0.625rem 1.25rem; font-size: 0.875rem; font-weight: 600; color: #fff; text-decoration: none; }
  .primary { background: #e00000; } .quiet { border: 1px solid #4b5563; }
  a:focus-visible { outline: 2px solid #e00000; outline-offset: 2px; }
</style>
</head>
<body>
<header><a href="/"><span class="mark" aria-hidden="true">M</span><span>Mar<span class="accent">quee</span></span></a></header>
<main>
<h1>${heading}</h1>
<p role="alert">${text}</p>
<div class="actions"><a class="primary" href="">Try again</a><a class="quiet" href="/">Back Home</a></div>
</main>
</body>
</html>
`;
}
