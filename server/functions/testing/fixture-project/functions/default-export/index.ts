export default {
  fetch(req: Request): Response {
    return new Response(`hello from ${req.method}`, { headers: { 'Content-Type': 'text/plain' } });
  },
};
