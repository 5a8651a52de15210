import { describe, expect, it } from 'vitest';
import { IMPORT_ALLOWED_TAGS, sanitizeImportHtml } from './sanitize';

/** Every element and attribute left in sanitised HTML, to prove nothing outside the allowlist survives. */
function inventory(html: string): { tags: string[]; attrs: string[] } {
  const template = document.createElement('template');
  template.innerHTML = html;
  const elements = Array.from(template.content.querySelectorAll('*'));
  return {
    tags: elements.map((e) => e.tagName.toLowerCase()),
    attrs: elements.flatMap((e) => Array.from(e.attributes).map((a) => `${e.tagName.toLowerCase()}[${a.name}=${a.value}]`)),
  };
}

const XSS_PAYLOADS = {
  script: '<p>before</p><script>window.__xss = 1</script><p>after</p>',
  imgOnerror: '<p>x<img src=x onerror="window.__xss=1"></p>',
  svgOnload: '<svg onload="window.__xss=1"><circle r="1"/></svg><p>ok</p>',
  javascriptLink: '<p><a href="javascript:window.__xss=1">click</a></p>',
  obfuscatedJavascriptLink: '<p><a href="java&#x09;script:alert(1)">tab</a><a href=" JaVaScRiPt:alert(1)">case</a></p>',
  dataLink: '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a></p>',
  iframeSrcdoc: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><p>frame</p>',
  mxss: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  handlers: '<p onclick="alert(1)" onmouseover="alert(2)" style="color:red" class="c" id="i">text</p>',
  form: '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
  style: '<style>p{background:url(javascript:alert(1))}</style><p>styled</p>',
  object: '<object data="x.swf"></object><embed src="x.swf"><p>o</p>',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>m</p>',
  base: '<base href="javascript:alert(1)//"><p><a href="https://ok.example/">ok</a></p>',
} as const;

describe('the import sanitiser', () => {
  it.each(Object.entries(XSS_PAYLOADS))('drops the %s payload to the allowlist', (_name, payload) => {
    const clean = sanitizeImportHtml(payload);
    const { tags, attrs } = inventory(clean);
    for (const tag of tags) expect(IMPORT_ALLOWED_TAGS).toContain(tag);
    for (const attr of attrs) expect(attr).toMatch(/^a\[href=(https?|mailto):/);
    expect(clean).not.toMatch(/<script|<img|<svg|<iframe|<style|<form|<math|onerror|onload|onclick|javascript:/i);
  });

  it('keeps the text around dropped elements', () => {
    expect(sanitizeImportHtml(XSS_PAYLOADS.script)).toBe('<p>before</p><p>after</p>');
    expect(sanitizeImportHtml('<div><span>Hello</span> <font>world</font></div>')).toBe('Hello world');
  });

  it('keeps headings, lists, line breaks and every mark', () => {
    const html =
      '<h1>One</h1><h6>Six</h6><ul><li>a</li></ul><ol><li>b<br>c</li></ol>' +
      '<p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>s</s><strike>k</strike><del>d</del><code>c</code></p>';
    expect(sanitizeImportHtml(html)).toBe(html);
  });

  it('keeps http, https and mailto links and strips every other href', () => {
    const clean = sanitizeImportHtml(
      '<p><a href="https://a.example/x?y=1">a</a><a href="http://b.example">b</a><a href="mailto:me@example.com">m</a>' +
        '<a href="/relative">r</a><a href="vbscript:msgbox(1)">v</a><a href="file:///etc/passwd">f</a></p>',
    );
    expect(inventory(clean).attrs).toEqual(['a[href=https://a.example/x?y=1]', 'a[href=http://b.example]', 'a[href=mailto:me@example.com]']);
    expect(clean).toContain('<a>r</a>');
  });

  it('allows href on links only', () => {
    expect(sanitizeImportHtml('<p href="https://x.example">p</p>')).toBe('<p>p</p>');
  });
});

describe('reshaping what Bree cannot hold', () => {
  it('keeps a table, its header cells and spans, and nothing else on its cells', () => {
    const html =
      '<table style="width:9000px" border="1"><thead><tr><th onclick="alert(1)" class="x" align="center">Name</th><th colspan="2" rowspan="x">Role</th></tr></thead>' +
      '<tbody><tr><td style="background:url(javascript:alert(1))" rowspan="99999"><p>Ada</p></td><td>Author</td><td colspan="3">x</td></tr></tbody></table>';
    expect(sanitizeImportHtml(html)).toBe(
      '<table><thead><tr><th>Name</th><th colspan="2">Role</th></tr></thead><tbody><tr><td><p>Ada</p></td><td>Author</td><td colspan="3">x</td></tr></tbody></table>',
    );
  });

  it('keeps a code block with its lines and its language class only', () => {
    expect(sanitizeImportHtml('<pre class="x"><code class="hljs language-py">a = 1\nb = 2\n</code></pre>')).toBe(
      '<pre><code class="language-py">a = 1\nb = 2</code></pre>',
    );
    expect(sanitizeImportHtml('<p class="language-py">a</p>')).toBe('<p>a</p>');
  });

  it('keeps quotes and rules; checkboxes become checklist markup and no input is left', () => {
    expect(sanitizeImportHtml('<blockquote><p>q</p></blockquote><hr>')).toBe('<blockquote><p>q</p></blockquote><hr>');
    expect(sanitizeImportHtml('<ul><li><input type="checkbox" checked="checked" onclick="x()" name="n"> a</li><li><input type="checkbox">b</li></ul>')).toBe(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true">a</li><li data-type="taskItem" data-checked="false">b</li></ul>',
    );
    expect(sanitizeImportHtml('<ul><li><input type="text" value="v"> a</li></ul><ol type="a"><li>x</li></ol>')).toBe('<ul><li> a</li></ul><ol><li>x</li></ol>');
  });
});
