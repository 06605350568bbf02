import { expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { generateDoc } from './docs.ts';
import { readFileFacts, type CodeFacts } from './facts.ts';
import { renderDocComment } from './render.ts';

/*
 * The fact reader on Rust, C#, Ruby, PHP, C and C++: small code in the shapes these languages
 * are written in, the facts read from it and the sentences the docs then state.
 */

interface Read {
  facts: CodeFacts;
  doc: ReturnType<typeof generateDoc>;
  rendered: string;
}

async function read(path: string, source: string): Promise<(name: string) => Read> {
  const index = await indexRepository([{ path, content: source }]);
  const file = index.files[0]!;
  const facts = await readFileFacts(file, source);
  return (name) => {
    const object = file.objects.find((o) => o.qualifiedName === name);
    if (!object) throw new Error(`no ${name} in ${path}`);
    const found = facts.get(object.id);
    if (!found) throw new Error(`no facts for ${name}`);
    const doc = generateDoc(object, index.references, {
      facts: found,
      language: file.language ?? '',
      siblings: file.objects,
    });
    return { facts: found, doc, rendered: renderDocComment(file.language ?? '', object, doc) };
  };
}

const uses = (r: Read) => Object.fromEntries(r.facts.uses);

const RUST = `pub struct Pool {
    conns: Vec<Conn>,
    max: usize,
    in_use: usize,
    closed: bool,
}

impl Pool {
    pub fn checkout(&mut self, timeout: Duration) -> Result<Conn, PoolError> {
        if self.closed {
            return Err(PoolError::Closed);
        }
        let conn = self.conns.pop().ok_or(PoolError::Exhausted)?;
        conn.ping(timeout)?;
        self.in_use += 1;
        Ok(conn)
    }

    pub fn resize(&mut self, max: usize) {
        assert!(max > 0, "a pool holds at least one connection");
        self.max = max;
    }

    pub fn first(&self) -> &Conn {
        self.conns.first().expect("pool is empty")
    }

    pub fn len(&self) -> usize {
        self.conns.len()
    }

    pub fn names(&self, ids: &[u32]) -> Vec<String> {
        let mut out = Vec::new();
        for id in ids {
            out.push(self.name_of(*id));
        }
        out
    }

    fn release(&mut self, conn: Conn) {
        if let Some(slot) = self.conns.iter().position(|c| c.id == conn.id) {
            self.conns[slot] = conn;
        } else {
            unreachable!("released a connection this pool never lent");
        }
    }
}
`;

test('Rust: `Err` returns, `?`, `panic!`/`assert!`/`unreachable!` and `expect` are the raises; `self` fields the effects', async () => {
  const of = await read('pool.rs', RUST);
  const checkout = of('Pool.checkout');
  expect(checkout.facts.raises).toEqual([
    { type: 'PoolError::Closed', when: 'self.closed' },
    { type: 'Err', failing: 'self.conns.pop().ok_or(PoolError::Exhausted)', by: '?' },
    { type: 'Err', failing: 'conn.ping(timeout)', by: '?' },
  ]);
  expect(checkout.facts.writes).toEqual(['self.in_use']);
  // `Ok(…)` wraps the value: it is what is returned, not a call made
  expect(checkout.facts.returns).toEqual([{ value: '`Ok(conn)`' }]);
  expect(checkout.facts.calls).not.toContain('Ok');
  expect(checkout.rendered).toContain('/// * PoolError::Closed: When `self.closed`');
  expect(checkout.rendered).toContain(
    '/// * Err: If `self.conns.pop().ok_or(PoolError::Exhausted)` fails (`?` passes its error on); if `conn.ping(timeout)` fails',
  );
  const resize = of('Pool.resize');
  expect(resize.facts.raises).toEqual([{ type: 'panic', when: '!(max > 0)' }]);
  expect(uses(resize)).toEqual({ max: ['stored in `self.max`'] });
  expect(resize.doc.summary).toBe('Sets `self.max`.');
  expect(of('Pool.first').facts.raises).toEqual([
    { type: 'panic', failing: 'self.conns.first()', by: 'expect' },
  ]);
  expect(of('Pool.first').rendered).toContain(
    'If `self.conns.first()` is `None` or `Err` (`expect`)',
  );
  // a one-expression body (no `return`): its tail is the value; naming the call says nothing
  const len = of('Pool.len');
  expect(len.doc.summary).toBe('');
  expect(len.facts.returns).toEqual([{ value: 'the result of calling `self.conns.len`' }]);
  expect(uses(of('Pool.names'))).toEqual({ ids: ['iterated over'] });
  // `if let`'s else: a pattern that did not match is no condition a reader can quote
  expect(of('Pool.release').facts.raises).toEqual([{ type: 'panic' }]);
  expect(of('Pool').doc.summary).toBe('');
});

const RUBY = `class Inventory
  attr_reader :items

  def initialize(warehouse)
    @warehouse = warehouse
    @items = {}
  end

  def reserve(sku, quantity)
    raise ArgumentError, "quantity must be positive" unless quantity.positive?
    item = @items.fetch(sku) { raise KeyError, "unknown sku #{sku}" }
    return false if item.count < quantity
    item.count -= quantity
    true
  end

  def restock(skus)
    skus.each do |sku|
      @warehouse.order(sku)
    end
  end

  def size
    @items.size
  end

  def name
    @name
  end

  def load(path)
    File.read(path)
  rescue Errno::ENOENT
    raise MissingFile, path
  end

  def audit(log = nil)
    raise NotImplementedError
  end
end
`;

test('Ruby: `raise`/`fail` with modifier `if`/`unless`, `rescue`, instance variables, the last line as the value', async () => {
  const of = await read('inventory.rb', RUBY);
  const reserve = of('Inventory.reserve');
  expect(reserve.facts.raises).toEqual([
    { type: 'ArgumentError', when: '!quantity.positive?' },
    { type: 'KeyError' },
  ]);
  expect(reserve.facts.returns).toEqual([
    { value: 'literally `false`', when: 'item.count < quantity' },
    { value: 'literally `true`' },
  ]);
  expect(reserve.rendered).toContain('@throws ArgumentError When `!quantity.positive?`');
  expect(reserve.rendered).toContain('@return - literally `false` when `item.count < quantity`');
  expect(uses(reserve)).toEqual({
    sku: ['passed to `@items.fetch`'],
    quantity: ['its `positive?` is called', 'compared with `item.count`'],
  });
  // a block makes `each` a loop, not a delegation
  const restock = of('Inventory.restock');
  expect(restock.facts.delegate).toBeUndefined();
  expect(uses(restock)).toEqual({ skus: ['iterated over'] });
  expect(of('Inventory.size').doc.summary).toBe('');
  expect(of('Inventory.name').doc.summary).toBe('Returns the value held in `@name`.');
  // a method-wide `rescue`: what it raises instead
  const load = of('Inventory.load');
  expect(load.facts.raises).toEqual([{ type: 'MissingFile', caught: 'Errno::ENOENT' }]);
  expect(load.facts.effects).toEqual([{ kind: 'files', call: 'File.read' }]);
  expect(load.rendered).toContain('@throws MissingFile When `Errno::ENOENT` is caught');
  expect(of('Inventory.initialize').facts.writes).toEqual(['@warehouse', '@items']);
  expect(of('Inventory').doc.summary).toBe('');
  // a stub says nothing about its unused parameter
  expect(of('Inventory.audit').facts.unused).toEqual([]);
});

const CSHARP = `public class RetryPolicy
{
    private readonly ILogger _logger;
    public int MaxAttempts { get; private set; }

    public RetryPolicy(int maxAttempts, ILogger logger)
    {
        if (maxAttempts < 1)
            throw new ArgumentOutOfRangeException(nameof(maxAttempts));
        this.MaxAttempts = maxAttempts;
        _logger = logger ?? throw new ArgumentNullException(nameof(logger));
    }

    public async Task<T> RunAsync<T>(Func<Task<T>> action, CancellationToken token)
    {
        for (var attempt = 1; ; attempt++)
        {
            token.ThrowIfCancellationRequested();
            try
            {
                return await action();
            }
            catch (HttpRequestException error)
            {
                if (attempt >= MaxAttempts) throw;
                _logger.LogWarning(error, "attempt {Attempt} failed", attempt);
            }
        }
    }

    public void Forget(IEnumerable<string> keys)
    {
        foreach (var key in keys)
        {
            Cache.Remove(key);
        }
    }

    public bool IsTransient(Exception error) => Classifier.IsTransient(error);
}
`;

test('C#: `throw new`, `throw;` in a `catch`, `this.` members, `foreach`, expression-bodied delegation', async () => {
  const of = await read('RetryPolicy.cs', CSHARP);
  const constructor = of('RetryPolicy.RetryPolicy');
  expect(constructor.facts.raises).toEqual([
    { type: 'ArgumentOutOfRangeException', when: 'maxAttempts < 1' },
    { type: 'ArgumentNullException' },
  ]);
  expect(constructor.facts.writes).toEqual(['this.MaxAttempts']);
  // `nameof(x)` reads a name, not the value
  expect(uses(constructor)).toEqual({
    maxAttempts: ['compared with `1`', 'stored in `this.MaxAttempts`'],
  });
  const run = of('RetryPolicy.RunAsync');
  expect(run.facts.raises).toEqual([
    {
      type: 'HttpRequestException',
      when: 'attempt >= MaxAttempts',
      caught: 'HttpRequestException',
    },
  ]);
  expect(run.facts.effects).toEqual([{ kind: 'logs', call: '_logger.LogWarning' }]);
  expect(run.rendered).toContain(
    '/// <exception cref="HttpRequestException">When `attempt &gt;= MaxAttempts`</exception>',
  );
  expect(uses(of('RetryPolicy.Forget'))).toEqual({ keys: ['iterated over'] });
  expect(of('RetryPolicy.IsTransient').doc.summary).toBe('');
  expect(of('RetryPolicy').doc.summary).toBe('');
});

const PHP = `<?php
namespace App\\Billing;

final class InvoiceRepository
{
    private array $cache = [];
    private int $misses;

    public function __construct(private \\PDO $db)
    {
    }

    public function find(int $id): ?Invoice
    {
        if ($id <= 0) {
            throw new \\InvalidArgumentException("Invoice ids start at 1");
        }
        $row = $this->db->query("SELECT * FROM invoices WHERE id = " . $id)->fetch();
        if ($row === false) {
            $this->misses += 1;
            return null;
        }
        return Invoice::fromRow($row);
    }

    public function total(array $invoices): float
    {
        $sum = 0.0;
        foreach ($invoices as $invoice) {
            $sum += $invoice->total();
        }
        return $sum;
    }

    public function save(Invoice $invoice): void
    {
        try {
            $this->db->beginTransaction();
            $this->write($invoice);
            $this->db->commit();
        } catch (\\PDOException $e) {
            $this->db->rollBack();
            throw new StorageException("could not save invoice", 0, $e);
        }
    }

    public function forget(): void
    {
        $this->cache = [];
    }

    public static function open(string $dsn): self
    {
        return new self(new \\PDO($dsn));
    }
}
`;

test('PHP: `throw new` under its guard, `$this->` members, `foreach`, a new exception from `catch`', async () => {
  const of = await read('InvoiceRepository.php', PHP);
  const find = of('InvoiceRepository.find');
  expect(find.facts.raises).toEqual([{ type: 'InvalidArgumentException', when: '$id <= 0' }]);
  expect(find.facts.returns).toEqual([
    { value: 'literally `null`', when: '$row === false' },
    { value: 'the result of calling `Invoice::fromRow`' },
  ]);
  expect(find.facts.writes).toEqual(['$this->misses']);
  // parameters are named without their `$`
  expect(uses(find)).toEqual({ id: ['compared with `0`'] });
  expect(find.rendered).toContain('@throws InvalidArgumentException When `$id <= 0`');
  expect(uses(of('InvoiceRepository.total'))).toEqual({ invoices: ['iterated over'] });
  const save = of('InvoiceRepository.save');
  expect(save.facts.raises).toEqual([{ type: 'StorageException', caught: 'PDOException' }]);
  expect(save.facts.calls).toContain('$this->db->rollBack');
  expect(save.rendered).toContain('@throws StorageException When `PDOException` is caught');
  expect(of('InvoiceRepository.forget').doc.summary).toBe('Sets `$this->cache`.');
  expect(of('InvoiceRepository').doc.summary).toBe('');
});

const C = `#include <errno.h>
#include <string.h>

struct buffer {
    char *data;
    size_t len;
    size_t cap;
};

int buffer_append(struct buffer *buf, const char *data, size_t len)
{
    if (buf == NULL || data == NULL) {
        errno = EINVAL;
        return -1;
    }
    if (buf->len + len > buf->cap && buffer_grow(buf, buf->len + len) != 0)
        return -1;
    memcpy(buf->data + buf->len, data, len);
    buf->len += len;
    return 0;
}

void buffer_free(struct buffer *buf)
{
    free(buf->data);
}

static unsigned checksum(const unsigned char *bytes, size_t n)
{
    unsigned sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += bytes[i];
    return sum;
}

int parse_port(const char *text, int *out)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (*end != '\\0' || value < 1 || value > 65535)
        return -1;
    *out = (int)value;
    return 0;
}
`;

test('C: error returns with their conditions, `errno`, writes through struct and out pointers, counted loops', async () => {
  const of = await read('buffer.c', C);
  const append = of('buffer_append');
  expect(append.facts.returns).toEqual([
    { value: 'literally `-1`', when: 'buf == NULL || data == NULL' },
    {
      value: 'literally `-1`',
      when: 'buf->len + len > buf->cap && buffer_grow(buf, buf->len + len) != 0',
    },
    { value: 'literally `0`' },
  ]);
  expect(append.facts.writes).toEqual(['errno', 'buf->len']);
  expect(append.doc.description).toContain('Sets `errno` and `buf->len`.');
  expect(uses(append).buf).toEqual([
    'compared with `NULL`',
    'its `len` is read',
    'its `cap` is read',
    'passed to `buffer_grow`',
    'its `data` is read',
  ]);
  expect(of('buffer_free').doc.summary).toBe('');
  expect(uses(of('checksum'))).toEqual({ bytes: ['indexed'], n: ['bounds a `for` loop'] });
  const parse = of('parse_port');
  expect(parse.facts.writes).toEqual(['*out']);
  expect(uses(parse).out).toEqual(['written through (`*out` is assigned)']);
  expect(of('buffer').doc.summary).toBe('');
});

const CPP = `void JobQueue::push(const Job& job) {
  if (closed_) throw std::logic_error("push on a closed queue");
  for (const auto& dep : job.deps) {
    if (!known(dep)) throw UnknownDependency(dep);
  }
  jobs_.push_back(job);
  this->size_ += 1;
}

std::size_t JobQueue::size() const { return jobs_.size(); }
`;

test('C++: `throw` with its condition, inside a range `for`, `this->` members', async () => {
  const of = await read('queue.cpp', CPP);
  const push = of('JobQueue.push');
  expect(push.facts.raises).toEqual([
    { type: 'std::logic_error', when: 'closed_' },
    { type: 'UnknownDependency', when: '!known(dep)' },
  ]);
  expect(push.facts.writes).toEqual(['this->size_']);
  expect(of('JobQueue.size').doc.summary).toBe('');
});

test('branches: PHP `elseif`/`else` and Ruby `unless … else`, `elsif` read as negations of what came before', async () => {
  const php = await read(
    'level.php',
    '<?php\nfunction level(int $code): string {\n    if ($code >= 500) {\n        return "error";\n    } elseif ($code >= 400) {\n        return "warning";\n    } else {\n        throw new UnexpectedValueException("no level for $code");\n    }\n}\n',
  );
  expect(php('level').facts.returns).toEqual([
    { value: 'literally `"error"`', when: '$code >= 500' },
    { value: 'literally `"warning"`', when: '!($code >= 500) && $code >= 400' },
  ]);
  expect(php('level').facts.raises).toEqual([
    { type: 'UnexpectedValueException', when: '!($code >= 500) && !($code >= 400)' },
  ]);
  const ruby = await read(
    'gate.rb',
    'def admit(user, list)\n  unless user.active?\n    fail InactiveUser\n  else\n    return :vip if list.include?(user)\n  end\n  if user.banned?\n    raise Banned\n  elsif user.age < 18\n    raise TooYoung, user.age\n  end\n  :guest\nend\n',
  );
  const admit = ruby('admit');
  expect(admit.facts.raises).toEqual([
    { type: 'InactiveUser', when: '!user.active?' },
    { type: 'Banned', when: 'user.banned?' },
    { type: 'TooYoung', when: '!user.banned? && user.age < 18' },
  ]);
  expect(admit.facts.returns).toEqual([
    { value: '`:vip`', when: 'user.active? && list.include?(user)' },
  ]);
});

test('a parameter read only inside a closure or block is read, not "unused"', async () => {
  const rust = await read(
    'scale.rs',
    'pub fn scale(factor: u32, values: &[u32]) -> Vec<u32> {\n    values.iter().map(|v| v * factor).collect()\n}\n',
  );
  expect(rust('scale').facts.unused).toEqual([]);
  const php = await read(
    'prefix.php',
    '<?php\nfunction prefix(array $names, string $with): array {\n    return array_map(fn ($n) => $with . $n, $names);\n}\n',
  );
  expect(php('prefix').facts.unused).toEqual([]);
});

test('PHP: `$pos++` reassigns the parameter, so returning it is not returning what was passed', async () => {
  const php = await read(
    'scan.php',
    '<?php\nfunction skipSpaces(string $text, int $pos): int {\n    while ($pos < strlen($text) && $text[$pos] === " ") {\n        $pos++;\n    }\n    if ($pos === strlen($text)) {\n        return -1;\n    }\n    return $pos;\n}\n',
  );
  const skip = php('skipSpaces');
  expect(skip.facts.returns).toEqual([
    { value: 'literally `-1`', when: '$pos === strlen($text)' },
    { value: "`$pos` after the body's changes" },
  ]);
  expect(uses(skip).pos).toContain('reassigned by the body');
});
