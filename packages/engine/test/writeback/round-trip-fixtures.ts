/**
 * Source files in the shapes of real projects, one per language the writer supports, each with
 * an object that has a doc comment (replaced in place) and one that has none (inserted). `edit`
 * names the objects (by qualified name) and the fields a person wrote for them.
 */
export interface RoundTripFixture {
  language: string;
  path: string;
  source: string;
  edits: Record<string, Record<string, string>>;
  docstringStyle?: 'google' | 'numpy' | 'rest';
  /**
   * A gap of the engine's reader that misreads what is written (not the writer's): while the
   * reader shows it (round-trip.test.ts probes), the test is expected to fail.
   */
  readerGap?: 'numpy-items';
}

const EXAMPLE = (call: string) => '```\n' + call + '\n```';

/** Fields of a function `name(a, b)` as an editor would write them. */
function fieldsFor(
  params: readonly string[],
  options: { example: string; throws?: string; returns?: string },
): Record<string, string> {
  const fields: Record<string, string> = {
    summary: 'Applies the rate limit to one request.',
    description: 'Counts the request against its bucket.\n\nBuckets refill once a minute.',
    returns: options.returns ?? 'Whether the request may go on.',
    example: EXAMPLE(options.example),
  };
  for (const p of params) fields[`param:${p}`] = `The ${p} of the caller, never empty.`;
  if (options.throws) fields.throws = options.throws;
  return fields;
}

const CLASS_FIELDS = {
  summary: 'A token bucket per client.',
  description: 'Kept in memory; a restart forgets every bucket.',
};

export const ROUND_TRIP_FIXTURES: RoundTripFixture[] = [
  {
    language: 'typescript',
    path: 'src/limits/rate-limiter.ts',
    source: `import { Clock } from './clock';

/** Old words. */
export class RateLimiter {
  constructor(private readonly clock: Clock) {}

  /**
   * Checks a request.
   * @param key - the key
   */
  allow(key: string, cost: number): boolean {
    return this.clock.now() > cost && key !== '';
  }
}

export function limitFor(plan: string): number {
  return plan === 'pro' ? 100 : 10;
}
`,
    edits: {
      RateLimiter: CLASS_FIELDS,
      'RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: "limiter.allow('user-1', 1);\nlimiter.allow('user-2', 5);",
        throws: '- `RangeError`: When the cost is negative.',
      }),
      limitFor: fieldsFor(['plan'], { example: "limitFor('pro');" }),
    },
  },
  {
    // decorators spread over several lines (Angular, NestJS): the doc goes above the first
    language: 'typescript',
    path: 'src/app/rate-limit.component.ts',
    source: `import { Component, HostListener, Input } from '@angular/core';

@Component({
  selector: 'app-rate-limit',
  template: '<p>{{ remaining }} (of {{ limit }})</p>',
})
export class RateLimitComponent {
  @Input() limit = 10;
  remaining = 10;

  /** Old words. */
  @HostListener('window:keydown', [
    '$event',
  ])
  onKey(event: KeyboardEvent): void {
    this.remaining -= event.repeat ? 0 : 1;
  }

  @HostListener('window:focus')
  reset(): void {
    this.remaining = this.limit;
  }
}
`,
    edits: {
      RateLimitComponent: CLASS_FIELDS,
      'RateLimitComponent.onKey': { summary: 'Counts one key press against the limit.' },
      'RateLimitComponent.reset': { summary: 'Starts counting again when the window is focused.' },
    },
  },
  {
    language: 'javascript',
    path: 'lib/limiter.js',
    source: `'use strict';\r\n\r\nclass Limiter {\r\n  /**\r\n   * Checks.\r\n   */\r\n  allow(key, cost) {\r\n    return key.length > cost;\r\n  }\r\n}\r\n\r\nfunction limitFor(plan) {\r\n  return plan === 'pro' ? 100 : 10;\r\n}\r\n\r\nmodule.exports = { Limiter, limitFor };\r\n`,
    edits: {
      'Limiter.allow': fieldsFor(['key', 'cost'], {
        example: "limiter.allow('a', 1)",
        throws: '- `TypeError`: When the key is not a string.',
      }),
      limitFor: fieldsFor(['plan'], { example: "limitFor('pro')" }),
    },
  },
  {
    language: 'python',
    path: 'ratelimit/bucket.py',
    docstringStyle: 'google',
    source: `"""Token buckets."""


class Bucket:
    """Old words."""

    def __init__(self, size):
        self.size = size

    @staticmethod
    def allow(key, cost=1):
        # fast path first
        return len(key) > cost


def limit_for(plan: str) -> int:
    return 100 if plan == "pro" else 10
`,
    edits: {
      Bucket: CLASS_FIELDS,
      'Bucket.allow': fieldsFor(['key', 'cost'], {
        example: 'bucket.allow("user-1", 2)',
        throws: '- `ValueError`: When the cost is negative.',
      }),
      limit_for: fieldsFor(['plan'], { example: 'limit_for("pro")' }),
    },
  },
  {
    language: 'python',
    path: 'ratelimit/numpy_bucket.py',
    docstringStyle: 'numpy',
    readerGap: 'numpy-items',
    source: `def allow(key, cost) -> bool:
    """Checks.

    Parameters
    ----------
    key : str
        The key.
    """
    return len(key) > cost


def limit_for(plan):
\treturn 100 if plan == "pro" else 10
`,
    edits: {
      allow: fieldsFor(['key', 'cost'], {
        example: '>>> allow("a", 1)\nTrue',
        throws: '- `ValueError`: When the cost is negative.',
      }),
      limit_for: fieldsFor(['plan'], { example: '>>> limit_for("pro")\n100' }),
    },
  },
  {
    language: 'python',
    path: 'ratelimit/rest_bucket.py',
    docstringStyle: 'rest',
    source: `class Bucket(object):\r\n    def allow(self, key, cost):\r\n        '''Checks.\r\n\r\n        :param key: the key\r\n        '''\r\n        return len(key) > cost\r\n`,
    edits: {
      'Bucket.allow': fieldsFor(['self', 'key', 'cost'], {
        example: '>>> Bucket().allow("a", 1)\nTrue',
        throws: '- `ValueError`: When the cost is negative.',
      }),
    },
  },
  {
    language: 'go',
    path: 'limits/limiter.go',
    source: `package limits

// Limiter counts.
type Limiter struct {
\tsize int
}

// Allow checks.
func (l *Limiter) Allow(key string, cost int) bool {
\treturn len(key) > cost && l.size > 0
}

//go:noinline
func LimitFor(plan string) int {
\tif plan == "pro" {
\t\treturn 100
\t}
\treturn 10
}
`,
    edits: {
      Limiter: CLASS_FIELDS,
      'Limiter.Allow': fieldsFor(['key', 'cost'], {
        example: 'l := &Limiter{size: 1}\nl.Allow("a", 1)',
        throws: 'Never fails; a zero size refuses every request.',
      }),
      LimitFor: fieldsFor(['plan'], { example: 'LimitFor("pro")' }),
    },
  },
  {
    language: 'rust',
    path: 'src/limiter.rs',
    source: `/// Old words.
#[derive(Debug, Clone)]
pub struct Limiter {
    size: u32,
}

impl Limiter {
    pub fn allow(&self, key: &str, cost: u32) -> bool {
        key.len() as u32 > cost && self.size > 0
    }
}

#[inline]
pub fn limit_for(plan: &str) -> u32 {
    if plan == "pro" { 100 } else { 10 }
}
`,
    edits: {
      Limiter: CLASS_FIELDS,
      'Limiter.allow': fieldsFor(['key', 'cost'], {
        example: 'let l = Limiter { size: 1 };\nassert!(l.allow("ab", 1));',
        throws: 'Returns `false` instead of failing.',
      }),
      limit_for: fieldsFor(['plan'], { example: 'limit_for("pro");' }),
    },
  },
  {
    language: 'java',
    path: 'src/main/java/com/example/limits/RateLimiter.java',
    source: `package com.example.limits;

/**
 * Old words.
 */
public class RateLimiter {
    private final int size;

    public RateLimiter(int size) {
        this.size = size;
    }

    @Override
    public String toString() {
        return "RateLimiter";
    }

    public boolean allow(String key, int cost) {
        return key.length() > cost && size > 0;
    }

    /**
     * Old words, a blank line above the method.
     */

    public int size() {
        return size;
    }
}
`,
    edits: {
      RateLimiter: CLASS_FIELDS,
      'RateLimiter.toString': { summary: 'The limiter as text, for logs.' },
      'RateLimiter.size': { summary: 'How many requests a bucket holds.' },
      'RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: 'new RateLimiter(1).allow("ab", 1);',
        throws: '- `IllegalArgumentException`: When the cost is negative.',
      }),
    },
  },
  {
    language: 'kotlin',
    path: 'src/main/kotlin/limits/RateLimiter.kt',
    source: `package limits

class RateLimiter(private val size: Int) {
    /**
     * Checks.
     */
    fun allow(key: String, cost: Int): Boolean {
        return key.length > cost && size > 0
    }
}

fun limitFor(plan: String): Int = if (plan == "pro") 100 else 10
`,
    edits: {
      'RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: 'RateLimiter(1).allow("ab", 1)',
        throws: '- `IllegalArgumentException`: When the cost is negative.',
      }),
      limitFor: fieldsFor(['plan'], { example: 'limitFor("pro")' }),
    },
  },
  {
    language: 'csharp',
    path: 'src/Limits/RateLimiter.cs',
    source: `namespace Limits\r\n{\r\n    /// <summary>Old words.</summary>\r\n    public class RateLimiter\r\n    {\r\n        [Obsolete("use Allow2")]\r\n        public bool Allow(string key, int cost)\r\n        {\r\n            return key.Length > cost;\r\n        }\r\n    }\r\n}\r\n`,
    edits: {
      'Limits.RateLimiter': {
        summary: CLASS_FIELDS.summary,
        description: 'Kept in memory; a restart forgets every bucket.',
      },
      'Limits.RateLimiter.Allow': fieldsFor(['key', 'cost'], {
        example: 'new RateLimiter().Allow("ab", 1);',
        throws: '- `System.ArgumentException`: When the cost is negative.',
      }),
    },
  },
  {
    language: 'cpp',
    path: 'src/rate_limiter.hpp',
    source: `#pragma once
#include <string>

namespace limits {

class RateLimiter {
 public:
  /// Checks.
  bool allow(const std::string& key, int cost) const;
};

int limit_for(const std::string& plan);

}  // namespace limits
`,
    edits: {
      'limits.RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: 'limiter.allow("ab", 1);',
        throws: '- `OutOfRange`: When the cost is negative.',
      }),
      'limits.limit_for': fieldsFor(['plan'], { example: 'limit_for("pro");' }),
    },
  },
  {
    language: 'c',
    path: 'src/limiter.c',
    source: `#include "limiter.h"

/* Checks. */
int limiter_allow(struct limiter *l, const char *key, int cost)
{
\treturn l->size > cost && key[0] != '\\0';
}

static int limit_for(const char *plan)
{
\treturn plan[0] == 'p' ? 100 : 10;
}
`,
    edits: {
      limiter_allow: fieldsFor(['l', 'key', 'cost'], { example: 'limiter_allow(&l, "ab", 1);' }),
      limit_for: fieldsFor(['plan'], { example: 'limit_for("pro");' }),
    },
  },
  {
    language: 'php',
    path: 'src/Limits/RateLimiter.php',
    source: `<?php

namespace App\\Limits;

class RateLimiter
{
    /**
     * Checks.
     */
    public function allow(string $key, int $cost): bool
    {
        return strlen($key) > $cost;
    }

    /**
     * Old words, a blank line above the attribute.
     */

    #[\\Deprecated(
        since: '2.0',
    )]
    public function reset(): void
    {
    }
}

function limit_for($plan)
{
    return $plan === 'pro' ? 100 : 10;
}
`,
    edits: {
      'RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: "$limiter->allow('ab', 1);",
        throws: '- `InvalidArgumentException`: When the cost is negative.',
      }),
      'RateLimiter.reset': { summary: 'Forgets every bucket.' },
      limit_for: fieldsFor(['plan'], { example: "limit_for('pro');" }),
    },
  },
  {
    language: 'ruby',
    path: 'lib/limits/rate_limiter.rb',
    source: `module Limits
  # Old words.
  class RateLimiter
    def initialize(size)
      @size = size
    end

    def allow(key, cost)
      key.length > cost && @size.positive?
    end
  end
end
`,
    edits: {
      'Limits.RateLimiter': CLASS_FIELDS,
      'Limits.RateLimiter.allow': fieldsFor(['key', 'cost'], {
        example: "RateLimiter.new(1).allow('ab', 1)",
        throws: '- `ArgumentError`: When the cost is negative.',
      }),
    },
  },
];
