Deno.serve(() => Response.json({ open: true }));
