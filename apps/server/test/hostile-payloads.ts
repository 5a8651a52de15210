/**
 * The hostile payloads of Bree's export and import tests (files.export-hostile.test.ts, and the
 * import sanitiser's apps/web/src/features/import/sanitize.test.ts), for places that must show
 * each of them as text: typed into a document, they are characters, never markup.
 */
export const HOSTILE_TEXT = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '</p><iframe src="https://evil.example"></iframe>',
  '<!-- comment --> and <?php echo 1; ?>',
  '&lt;b&gt;entity&lt;/b&gt; &#60;svg onload=alert(1)&#62;',
  '[click](javascript:alert(1)) and ![x](x onerror=alert(1))',
  'Plain a < b && c > d stays readable.',
  '<p>before</p><script>window.__xss = 1</script><p>after</p>',
  '<p>x<img src=x onerror="window.__xss=1"></p>',
  '<svg onload="window.__xss=1"><circle r="1"/></svg><p>ok</p>',
  '<p><a href="javascript:window.__xss=1">click</a></p>',
  '<p><a href="java&#x09;script:alert(1)">tab</a><a href=" JaVaScRiPt:alert(1)">case</a></p>',
  '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a></p>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><p>frame</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(2)" style="color:red" class="c" id="i">text</p>',
  '<form action="https://evil.example"><input name="q"><button formaction="javascript:alert(1)">go</button></form>',
  '<style>p{background:url(javascript:alert(1))}</style><p>styled</p>',
  '<object data="x.swf"></object><embed src="x.swf"><p>o</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>m</p>',
  '<base href="javascript:alert(1)//"><p><a href="https://ok.example/">ok</a></p>',
] as const;

/** Link targets a document must never carry onto a page. */
export const HOSTILE_HREFS = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
] as const;
