import { describe, expect, it } from 'vitest';
import { jsonLdBlock, metaHead } from './site.html';
import { withPageMeta } from './site.meta';

describe("the public pages' metadata", () => {
  it('keeps a JSON-LD block closed whatever the title says, and the JSON still parses', () => {
    const block = jsonLdBlock({ headline: 'Notes </script><script>alert(1)</script> \u2028 end' });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(block)![1]!;
    expect(JSON.parse(json)).toEqual({ headline: 'Notes </script><script>alert(1)</script> \u2028 end' });
  });

  it('escapes every attribute value and names the large card only with an image', () => {
    const head = metaHead({ title: 'A "quoted" <title>', description: 'x & y', canonical: 'https://bree.example/a', type: 'article' });
    expect(head).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;title&gt;">');
    expect(head).toContain('<meta name="twitter:card" content="summary">');
    expect(metaHead({ title: 't', description: 'd', canonical: 'c', type: 'website', image: 'https://bree.example/preview.png' })).toContain(
      '<meta name="twitter:card" content="summary_large_image">',
    );
  });

  it("puts a public page's lines into the built index.html once, replacing its generic description", () => {
    const built = '<html><head><meta name="description" content="generic" /><title>Bree</title><script src="/a.js"></script></head><body></body></html>';
    const html = withPageMeta(built, '/terms', 'https://bree.example')!;
    expect(html).toContain('<title>Terms of Service · Bree</title>');
    expect(html).not.toContain('generic');
    expect(html).toContain('<link rel="canonical" href="https://bree.example/terms">');
    expect(withPageMeta(built, '/app', 'https://bree.example')).toBeNull();
    expect(withPageMeta('<p>not a page</p>', '/terms', 'https://bree.example')).toBeNull();
  });
});
