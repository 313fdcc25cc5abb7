import { expect } from 'chai';
import { escapeHtml, html } from '../../../../src/adapters/web/html.ts';

describe('html templates', () => {
  it('escapes every interpolated value for elements and quoted attributes', () => {
    const value = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${value}">${value}</p>`.value).to.equal(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
  });

  it('keeps nested templates, joins lists, and renders nothing for null, undefined and booleans', () => {
    const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${true}${0}`.value).to.equal(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
  });

  it('escapes the five significant characters', () => {
    expect(escapeHtml(`&<>"'`)).to.equal('&amp;&lt;&gt;&quot;&#39;');
  });
});
