// Reads the caller's JWT claims (verify_jwt has already checked the signature).
Deno.serve((req: Request) => {
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  const payload = JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? 'e30='));
  return Response.json({ role: payload.role, sub: payload.sub ?? null, method: req.method, url: new URL(req.url).pathname });
});
