import { describe, expect, it } from 'vitest';
import { toMarkdown } from './markdown.js';

describe('HTML to Markdown', () => {
  it('writes ATX headings, emphasis and inline links', () => {
    expect(toMarkdown('<h1>Title</h1><h3>Sub</h3><p>A <strong>bold</strong> and <em>soft</em> <a href="https://e.com/x">link</a>.</p>')).toBe(
      '# Title\n\n### Sub\n\nA **bold** and *soft* [link](https://e.com/x).',
    );
  });

  it('writes "-" bullets, numbered lists from their start, and nested lists', () => {
    expect(toMarkdown('<ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul>')).toBe('- one\n- two\n  - inner');
    expect(toMarkdown('<ol start="3"><li>c</li><li>d</li></ol>')).toBe('3. c\n4. d');
  });

  it('turns every data table into a GFM table, header row first, pipes escaped', () => {
    const md = toMarkdown('<table><tr><td>Name</td><td>Score</td></tr><tr><td>A|B</td><td>1</td></tr><tr><td>C</td></tr></table>');
    expect(md).toBe('| Name | Score |\n| --- | --- |\n| A\\|B | 1 |\n| C |  |');
  });

  it('reads a one-column layout table as plain blocks', () => {
    expect(toMarkdown('<table><tr><td><p>Just a paragraph.</p></td></tr></table>')).toBe('Just a paragraph.');
  });

  it('reads rows and cells outside any table (stray markup a page or a cut left) as plain blocks', () => {
    expect(toMarkdown('<div><td>First</td><td>Second</td></div>')).toBe('First\n\nSecond');
    expect(toMarkdown('<ul><li><tr><td>Item</td></tr></li></ul>')).toBe('- Item');
    expect(toMarkdown('<p><th>Heading cell</th></p>')).toBe('Heading cell');
  });

  it('fences code blocks with the language the page declares', () => {
    expect(toMarkdown('<pre><code class="language-js">let a = 1;</code></pre>')).toBe('```js\nlet a = 1;\n```');
    expect(toMarkdown('<div class="highlight-source-python"><pre>print(1)</pre></div>')).toBe('```python\nprint(1)\n```');
    expect(toMarkdown('<pre data-lang="c++">int x;</pre>')).toBe('```c++\nint x;\n```');
    expect(toMarkdown('<pre class="language-plaintext">x</pre>')).toBe('```\nx\n```');
    expect(toMarkdown('<pre>no language</pre>')).toBe('```\nno language\n```');
    // A fence longer than any backtick run inside the code.
    expect(toMarkdown('<pre><code>a ``` b</code></pre>')).toBe('````\na ``` b\n````');
  });

  it('keeps images with their alt text, and drops links with no text', () => {
    expect(toMarkdown('<p><img src="https://e.com/a.png" alt="A cat"> <a href="https://e.com/"></a></p>')).toBe('![A cat](https://e.com/a.png)');
  });

  it('writes strikethrough and task lists the GFM way', () => {
    expect(toMarkdown('<p><del>old</del></p>')).toBe('~~old~~');
    expect(toMarkdown('<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>')).toBe('- [x] done\n- [ ] todo');
  });
});
