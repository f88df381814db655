Deno.serve(async () => {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return new Response('too late');
});
