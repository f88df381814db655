import { describe, expect, it } from 'vitest';
import { compileGoHtmlTemplate, TemplateError, type TemplateData } from './go-html-template.ts';

const DATA: TemplateData = {
  ConfirmationURL: 'http://localhost:54321/auth/v1/verify?token=ab12&type=recovery&redirect_to=http%3A%2F%2Flocalhost%3A54321%2Freset-password',
  SiteURL: 'http://localhost:54321',
  Email: 'ada+shop@example.test',
  NewEmail: "o'brien <x>@example.test",
  Token: '123456',
  TokenHash: 'javascript:alert(1)',
  RedirectTo: 'https://shop.example/a b?x=1&y=ü#frag',
  SendingTo: '100%',
};

/**
 * Template → what Go's html/template printed for it with DATA (checked with go1.19): escaping by context (text,
 * attribute, URL start, path and query), the URL filter, comments dropped, trim markers.
 */
const RENDERED_BY_GO: [string, string][] = [
  ["<p>Hello {{ .Email }}</p>", "<p>Hello ada&#43;shop@example.test</p>"],
  ["<a href=\"{{ .ConfirmationURL }}\">Go</a>", "<a href=\"http://localhost:54321/auth/v1/verify?token=ab12&amp;type=recovery&amp;redirect_to=http%3A%2F%2Flocalhost%3A54321%2Freset-password\">Go</a>"],
  ["<a href='{{ .TokenHash }}'>x</a>", "<a href='#ZgotmplZ'>x</a>"],
  ["<a href=\"{{ .SiteURL }}/contact\">c</a>", "<a href=\"http://localhost:54321/contact\">c</a>"],
  ["<a href=\"mailto:{{ .Email }}\">m</a>", "<a href=\"mailto:ada&#43;shop@example.test\">m</a>"],
  ["<a href=\"https://x.example/?to={{ .Email }}&n={{ .NewEmail }}\">q</a>", "<a href=\"https://x.example/?to=ada%2bshop%40example.test&n=o%27brien%20%3cx%3e%40example.test\">q</a>"],
  ["<a href=\"https://x.example/p/{{ .RedirectTo }}\">p</a>", "<a href=\"https://x.example/p/https://shop.example/a%20b?x=1&amp;y=%c3%bc#frag\">p</a>"],
  ["<a href=\"{{ .RedirectTo }}\">r</a>", "<a href=\"https://shop.example/a%20b?x=1&amp;y=%c3%bc#frag\">r</a>"],
  ["<a href=\"{{ .SendingTo }}\">s</a>", "<a href=\"100%25\">s</a>"],
  ["<a title=\"{{ .NewEmail }}\" data-x=\"{{ .Email }}\">t</a>", "<a title=\"o&#39;brien &lt;x&gt;@example.test\" data-x=\"ada&#43;shop@example.test\">t</a>"],
  ["<title>{{ .NewEmail }}</title><p>{{ .SendingTo }}</p>", "<title>o&#39;brien &lt;x&gt;@example.test</title><p>100%</p>"],
  ["<!-- hidden {{ .Email }} --><p>a</p><!-- more -->", "<p>a</p>"],
  ["<p>\n  {{- .Token -}}\n  </p>{{/* a comment */}}<b>x</b>", "<p>123456</p><b>x</b>"],
  ["<p>{{ .Email }}{{ .Email }}</p>", "<p>ada&#43;shop@example.testada&#43;shop@example.test</p>"],
  ["<img src=\"{{ .SiteURL }}/logo.png\" alt=\"{{ .Email }}\">", "<img src=\"http://localhost:54321/logo.png\" alt=\"ada&#43;shop@example.test\">"],
  ["<a data-href=\"{{ .TokenHash }}\" data-url=\"{{ .TokenHash }}\">d</a>", "<a data-href=\"#ZgotmplZ\" data-url=\"#ZgotmplZ\">d</a>"],
  ["<style>p { color: red; }</style><p>{{ .Email }}</p>", "<style>p { color: red; }</style><p>ada&#43;shop@example.test</p>"],
  ["Reset your Lumen password {{ .Email }}", "Reset your Lumen password ada&#43;shop@example.test"],
  ["<a href=\"{{ .SiteURL }}?x={{ .Email }}#{{ .NewEmail }}\">z</a>", "<a href=\"http://localhost:54321?x=ada%2bshop%40example.test#o%27brien%20%3cx%3e%40example.test\">z</a>"],
];

const render = (source: string) => compileGoHtmlTemplate(source, 'test').render(DATA);

describe('Go html/template, the part auth mail templates use', () => {
  it.each(RENDERED_BY_GO)('%s renders as Go renders it', (source, expected) => {
    expect(render(source)).toBe(expected);
  });

  it('renders a missing value as nothing', () => {
    expect(compileGoHtmlTemplate('<p>[{{ .NewEmail }}]</p>', 'test').render({})).toBe('<p>[]</p>');
  });

  it.each([
    ['<p>{{ if .Token }}code{{ end }}</p>', '"if" is not supported'],
    ['{{ range .Data }}x{{ end }}', '"range" is not supported'],
    ['<p>{{ .Email | html }}</p>', 'a pipeline (|) is not supported'],
    ['<p>{{ .Data.name }}</p>', 'a field of a field (.Data.name) is not supported'],
    ['<p>{{ .Data }}</p>', "the user's metadata (.Data) is not supported"],
    ['<p>{{ .ConfirmationUrl }}</p>', '.ConfirmationUrl is not a variable Supabase Auth gives mail templates'],
    ['<p>{{ printf "%s" .Email }}</p>', 'the function "printf" is not supported'],
    ['<p>{{ $x := .Email }}</p>', 'template variables ($) is not supported'],
    ['<a href={{ .SiteURL }}>x</a>', 'in the unquoted value of the href attribute is not supported'],
    ['<a style="color: {{ .Token }}">x</a>', 'in the style attribute (CSS) is not supported'],
    ['<a onclick="go(\'{{ .Token }}\')">x</a>', 'in the onclick attribute (JavaScript) is not supported'],
    ['<script>var t = "{{ .Token }}";</script>', 'inside <script> (JavaScript and CSS contexts) is not supported'],
    ['<style>a::after { content: "{{ .Token }}" }</style>', 'inside <style>'],
    ['<a {{ .Email }}>x</a>', 'inside a tag, outside an attribute value is not supported'],
    ['<p>{{ .Email </p>', 'never closed'],
  ])('refuses %s, naming the construct', (source, message) => {
    expect(() => compileGoHtmlTemplate(source, 'auth.email.template.recovery (x.html)')).toThrow(TemplateError);
    expect(() => compileGoHtmlTemplate(source, 'auth.email.template.recovery (x.html)')).toThrow(message);
  });

  it('says where: the template and the line', () => {
    expect(() => compileGoHtmlTemplate('<p>\n\n{{ if .Token }}{{ end }}</p>', 'auth.email.template.recovery (./supabase/templates/recovery.html)')).toThrow(
      /^auth\.email\.template\.recovery \(\.\/supabase\/templates\/recovery\.html\), line 3: \{\{ if \.Token \}\}: "if" is not supported; the local backend renders only/,
    );
  });
});
