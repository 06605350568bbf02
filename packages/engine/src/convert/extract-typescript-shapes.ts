/**
 * TypeScript, TSX and JavaScript written to reach every branch of convert/typescript.ts and its
 * helpers (typescript-parts.ts, property-functions.ts, context.ts, nodes.ts): the shapes a port of
 * that walk is compared on, model against model. Each entry says above it which branches it is
 * for; the extension picks the grammar (`.js` files also run noteCommonJsExports).
 */
export const TYPESCRIPT_SHAPES: { path: string; source: string }[] = [
  // noteCommonJsExports: `exports = module.exports = fn` loop, `exports.x = y`, `module.exports.x = y`; recordCall: require bound/unbound/member/non-string; convertTypeScript byName
  {
    path: 'lib/express.js',
    source: `'use strict';

/**
 * Module dependencies.
 * @private
 */

var bodyParser = require('body-parser')
var EventEmitter = require('events').EventEmitter;
var mixin = require('merge-descriptors');
var proto = require('./application');
var { Route, Router } = require('./router');
require('./polyfills');
var name = './dynamic';
var dyn = require(name);
var tpl = require(\`./tpl\`);
var req = require.resolve('./request');

/**
 * Expose \`createApplication()\`.
 */

exports = module.exports = createApplication;

/**
 * Create an express application.
 *
 * @return {Function}
 * @api public
 */

function createApplication() {
  var app = function(req, res, next) {
    app.handle(req, res, next);
  };

  mixin(app, EventEmitter.prototype, false);
  mixin(app, proto, false);

  // expose the prototype that will get set on requests
  app.request = Object.create(req, {
    app: { configurable: true, enumerable: true, writable: true, value: app }
  })

  app.init();
  return app;
}

exports.application = proto;
exports.Route = Route;
exports.Router = Router;
module.exports.json = bodyParser.json;
module.exports.raw = bodyParser.raw();
exports.query = require('./middleware/query');
exports.static = require('serve-static');
`,
  },
  // declareVariable: assignsExports alias, chain ending in a function with/without chainExports; declareAssignment: alias target (exported, prefix), this.x and window.onload rejected, top is a declarator
  {
    path: 'lib/application.js',
    source: `'use strict';

var finalhandler = require('finalhandler');
var debug = require('debug')('express:application');

var app = exports = module.exports = {};

var trustProxyDefaultSymbol = '@@symbol:trust_proxy_default';

/**
 * Initialize the server.
 *
 * @private
 */

app.init = function init() {
  this.cache = {};
  this.engines = {};
  this.settings = {};
  this.defaultConfiguration();
};

app.defaultConfiguration = function defaultConfiguration() {
  var env = process.env.NODE_ENV || 'development';
  this.enable('x-powered-by');
  this.set = function set(setting, val) {
    return this;
  };
  debug('booting in %s mode', env);
};

/**
 * Proxy \`Router#use()\` to add middleware to the app router.
 *
 * @public
 */

app.use = function use(fn) {
  var offset = 0;
  var path = '/';
  if (typeof fn !== 'function') {
    var arg = fn;
    while (Array.isArray(arg) && arg.length !== 0) {
      arg = arg[0];
    }
    if (typeof arg !== 'function') {
      offset = 1;
      path = fn;
    }
  }
  if (offset === 0) throw new TypeError('app.use() requires a middleware function');
  return this;
};

var parse = exports.parse = function (str, options) {
  return str.split(options.sep);
};

var serialize = module.exports.serialize = function serialize(obj) {};

var handler = module.exports = function (options) {
  return function (req, res) {};
};

var local = other = function () {};

var settings = config.settings = {};

window.onload = function () {
  app.init();
};

this.helper = function () {};
`,
  },
  // prototype assignment: View.prototype.x (prototype, container function), View.prototype = {…} literal, static View.x, View.cache = {} (no match), module.exports = View (byName)
  {
    path: 'lib/view.js',
    source: `var path = require('path');
var fs = require('fs');
var dirname = path.dirname;

module.exports = View;

/**
 * Initialize a new \`View\` with the given \`name\`.
 *
 * @param {string} name
 * @param {object} options
 * @public
 */

function View(name, options) {
  var opts = options || {};
  this.defaultEngine = opts.defaultEngine;
  this.ext = path.extname(name);
  this.name = name;
  if (!this.ext && !this.defaultEngine) {
    throw new Error('No default engine was specified and no extension was provided.');
  }
  this.path = this.lookup(name);
}

View.cache = {};

View.create = function (name) {
  return new View(name, {});
};

/**
 * Lookup view by the given \`name\`
 */

View.prototype.lookup = function lookup(name) {
  var roots = [].concat(this.root);
  for (var i = 0; i < roots.length && !path; i++) {
    var root = roots[i];
    var loc = path.resolve(root, name);
    path = this.resolve(dirname(loc), name);
  }
  return path;
};

View.prototype.render = function render(options, callback) {
  this.engine(this.path, options, callback);
};

View.prototype = {
  constructor: View,
  resolve(dir, file) {
    var stat = tryStat(path.join(dir, file));
    if (stat && stat.isFile()) return path;
  },
  stat: function (p) { return fs.statSync(p); },
  'x-y': () => {},
  "quoted": async function () {},
  ...mixins,
  shorthand,
  count: 1,
};

function tryStat(path) {
  try {
    return fs.statSync(path);
  } catch (e) {
    return undefined;
  }
}
`,
  },
  // placedByRoot: functions hung on a plain variable exported by `module.exports = res` at the end, and on one never exported; byName also exporting the prefixed `util.format` by its bare name
  {
    path: 'lib/response.js',
    source: `var http = require('http');
var res = Object.create(http.ServerResponse.prototype);
var util = {};

/**
 * Send a response.
 */
res.send = function send(body) {
  var chunk = body;
  switch (typeof chunk) {
    case 'string':
      if (!this.get('Content-Type')) this.type('html');
      break;
  }
  return this.end(chunk);
};

res.json = function json(obj) {
  return this.send(JSON.stringify(obj));
};

util.format = function (value) {
  return String(value);
};

util.deep.nested = () => 1;

var format = util.format;

module.exports = res;
exports.format = format;
`,
  },
  // noteCommonJsExports: `module.exports = { … }` shorthand, pair with identifier / member / call value; noteAssignedLiteral module.exports; literalFunction without parent; `exports = { a }`
  {
    path: 'lib/exports-literal.js',
    source: `function f() {}
function h() {}
function a() {}
const k2 = () => {};

module.exports = {
  f,
  g: h,
  k() {
    return f();
  },
  async m(x) {},
  n: function (req, res) { return h(); },
  'x-y': () => {},
  "z": function* () {},
  [computed]: k2,
  count: 1,
  other: a.b,
  made: make(),
  ...rest,
};

exports = { a };

exports.k2 = k2;
`,
  },
  // noteCommonJsExports: loop break (`module.exports = other = fn`), non-statement/non-assignment/array-pattern skips; declareAssignment: chains of assignments under a declarator or a statement; propertyTarget: prototype name, computed, exports.prototype.x, a.prototype.b.prototype.c, undeclared root; declaredRoots order
  {
    path: 'lib/chains.js',
    source: `function fn() {}
function Foo() {}
var a = {};

Later.make = function () {};
function Later() {}
Later.make = function () {};

module.exports = other = fn;
[x, y] = pair;
foo();
x = 1;
a.b = c;
if (ready) module.exports.maybe = fn;

Foo.prototype = function () {};
Foo[key] = function () {};
Foo.prototype.bar.prototype.baz = function () {};
a.prototype.b.prototype.c = function () {};
exports.prototype.x = function () {};
module.exports.prototype.y = function () {};
Foo.prototype.prototype = function () {};
Foo.a.prototype.b = function () {};
unknown.thing = function () {};
Foo.prototype.run = function () {};
Foo.prototype.run = function () {};
exports.twice = function () {};
exports.twice = () => {};
exports.utils.slugify = function (text) {};
module.exports.helpers.noop = () => {};
var chained = module.exports = exports.fn = function () {};
module.exports = exports.both = function () {};
`,
  },
  // containerObject: a method as container (ns.Widget), local container in a function, qualified fallback from inside a function, prefix under scope.parent, not-found prefix at top
  {
    path: 'lib/widgets.js',
    source: `var ns = {};

ns.Widget = function Widget(el) {
  this.el = el;
};

ns.Widget.prototype.draw = function () {
  return this.el.render();
};

ns.Widget.prototype.erase = function () {};

function View() {}

function outer() {
  function Inner() {}
  Inner.prototype.go = function () {
    return helper();
  };
  View.prototype.fromOuter = function () {};
  var cfg = {};
  cfg.load = function load() {};
  cfg.load.deep = function () {};
}

function setup() {
  function View() {}
  View.prototype.local = function () {};
}
`,
  },
  // noteAssignedLiteral: prototype literal before its constructor is declared (no container), after (container found), dotted prototype path, non-prototype literal
  {
    path: 'lib/model.js',
    source: `Model.prototype = {
  early() {},
};

function Model(attrs) {
  this.attrs = attrs;
}

Model.prototype = {
  get(key) {
    return this.attrs[key];
  },
  set: function (key, value) {
    this.attrs[key] = value;
  },
  toJSON: () => ({}),
  ...base,
};

var lib = {};
lib.Model = function () {};
lib.Model.prototype = {
  save() {},
};

Model.defaults = {
  run() {},
};

Model.prototype.deeper = {
  nope() {},
};
`,
  },
  // declareField (JS field_definition, 'property' field), #private field (visibility public: the JS grammar names fields by 'property', not 'name'), static/get/set/generator methods, class expression fields/methods skipped, super()
  {
    path: 'src/store.js',
    source: `import { EventEmitter } from 'events';

export class Store extends mixin(EventEmitter) {
  handle = () => {
    this.emit('change');
  };
  static count = 0;
  #secret = function () {
    return 1;
  };
  label = 'store';
  static async *entries() {}
  #privateMethod() {}

  constructor(state) {
    super();
    this.state = state;
  }

  get size() {
    return this.state.length;
  }

  set size(value) {
    this.state.length = value;
  }

  static create() {
    return new Store([]);
  }
}

const Anonymous = class extends Store {
  m() {
    return this.handle();
  }
  f = () => 1;
  static s = function () {};
};

export default class extends Store {
  render() {}
}
`,
  },
  // .cjs: `module.exports = function named()` (propertyTarget rejects the undeclared root `module`: no object), module.exports.x = y, return/throw inside an anonymous inner function
  {
    path: 'lib/middleware.cjs',
    source: `const createError = require('http-errors');

function helper(req) {
  return req.headers;
}

module.exports = function middleware(options) {
  const opts = options || {};
  return function (req, res, next) {
    if (!req.user) return next(createError(401));
    else if (req.user.banned) {
      throw createError(403);
    }
    next();
  };
};

module.exports.helper = helper;
`,
  },
  // .mjs: export default function (), export { a, b as c }, export * from, export { x } from, dynamic import(), import forms in JavaScript
  {
    path: 'src/index.mjs',
    source: `import fs from 'node:fs';
import * as path from 'node:path';
import def, { readFile as read, writeFile } from 'node:fs/promises';
import './side-effect.mjs';

export * from './utils.mjs';
export * as helpers from './helpers.mjs';
export { parse, format as fmt } from './parser.mjs';

function a() {
  return import('./lazy.mjs');
}
const b = () => read('x');
function unexported() {}

export { a, b as c, /* not a specifier */ };

export default function () {
  return a();
}
`,
  },
  // Angular-style decorators: export_statement decorators, class decorators, member decorators as previous siblings, doc between decorators, parameter decorators, accessibility modifiers, #private, async/get/set/static
  {
    path: 'src/app/user.component.ts',
    source: `import { Component, Input, Output, EventEmitter, HostListener, Inject } from '@angular/core';
import type { User } from '../models/user';

/**
 * Shows one user.
 */
@Component({
  selector: 'app-user',
  templateUrl: './user.component.html',
})
export class UserComponent implements OnInit, OnDestroy {
  @Input() user!: User;
  @Output() selected = new EventEmitter<User>();

  /** Handles clicks. */
  @HostListener('click', ['$event'])
  onClick(event: MouseEvent): void {
    this.selected.emit(this.user);
  }

  @HostListener('keydown')
  /** A doc between the decorator and the method. */
  onKey(): void {}

  @Memoize()
  @Log('debug')
  protected async load(@Inject(API) api: Api, @Optional() cache?: Cache): Promise<void> {
    await api.fetch(this.user.id);
  }

  constructor(
    private readonly http: HttpClient,
    @Inject(CONFIG) public config: Config,
    protected store: Store,
  ) {}

  private reset(): void {}
  public static of(user: User): UserComponent {
    return new UserComponent(null!, null!, null!);
  }
  #track(id: string) {}
  get name(): string {
    return this.user.name;
  }
  set name(value: string) {
    this.user.name = value;
  }
  ngOnInit(): void {}
  ngOnDestroy(): void {}
}

@Injectable({ providedIn: 'root' })
export class UserService {}

export @Sealed class Later {}
`,
  },
  // abstract_class_declaration, abstract_method_signature, protected abstract, abstract field, static method, override, readonly arrow field, declare field
  {
    path: 'src/repository.ts',
    source: `/**
 * Base repository.
 * @typeParam T - the entity
 */
export abstract class Repository<T extends { id: string }> {
  protected abstract table: string;
  abstract find(id: string): Promise<T | undefined>;
  protected abstract save(entity: T): Promise<void>;
  public abstract get count(): number;
  declare readonly kind: string;
  abstract onChange = (value: T): void => {};
  #handler = (): void => {};
  private static readonly factory = function (): void {};
  readonly run = async (id: string): Promise<T> => {
    const found = await this.find(id);
    if (!found) throw new NotFoundError(id);
    return found;
  };
  static create<R extends Repository<any>>(this: new () => R): R {
    return new this();
  }
  override toString(): string {
    return \`Repository(\${this.table})\`;
  }
}

abstract class Hidden {
  abstract m(): void;
}
`,
  },
  // overloads: function_signature + implementation (overload index), method overloads (method_signature in a class), declare function (ambient, its doc read outside ambient_declaration), export declare function, generator declaration
  {
    path: 'src/overloads.ts',
    source: `export function parse(input: string): Ast;
export function parse(input: Buffer, encoding: BufferEncoding): Ast;
export function parse(input: string | Buffer, encoding?: BufferEncoding): Ast {
  return build(typeof input === 'string' ? input : input.toString(encoding));
}

declare function ambient(x: number): void;
export declare function declared(x: number): string;
/** Documented through declare. */
declare function documented(): void;

export class Emitter {
  on(event: 'data', cb: (chunk: Buffer) => void): this;
  on(event: 'end', cb: () => void): this;
  on(event: string, cb: (...args: any[]) => void): this {
    return this;
  }
}

function* generate(): Generator<number> {
  yield 1;
}
`,
  },
  // declareNamespace: internal_module (dotted, exported, nested), module keyword, declare namespace; declareVariable topLevel under namespace/module with literal members
  {
    path: 'src/namespaces.ts',
    source: `/** The config namespace. */
export namespace Config {
  export const defaults = {
    load() {
      return read();
    },
    timeout: 30,
  };
  const hidden = { skip() {} };
  export let mutable = 1;
  export function get(key: string): string {
    return defaults[key];
  }
  export namespace Inner {
    export const deep = () => {};
  }
}

namespace a.b.c {
  export class Thing {}
}

module Legacy {
  export const old = { run: () => {} };
}

declare namespace Ambient {
  function f(): void;
}

declare global {
  interface Window {
    app: App;
  }
}
`,
  },
  // declareNamespace: ambient modules named by single/double-quoted strings and by dotted identifiers; interfaces inside them; declare const
  {
    path: 'types/express.d.ts',
    source: `declare module 'express-serve-static-core' {
  interface Request {
    user?: User;
    session(): Session;
  }
  export function augment(app: Express): void;
}

declare module "double-quoted" {
  const value: string;
  export default value;
}

/** Dotted module. */
declare module Foo.Bar {
  export const x: number;
}

export declare const VERSION: string;
declare const HIDDEN: number;
`,
  },
  // declareType: enum, const enum, interface (method_signature kept), type alias with an object type (method_signature skipped), type usages; long type alias (> 300) with tabs, NBSP, U+2003, newlines
  {
    path: 'src/types.ts',
    source: `/** Colours. */
export enum Color {
  Red = 'red',
  Green = 'green',
}

const enum Flags {
  None = 0,
  A = 1 << 0,
}

export interface Shape {
  area(): number;
  readonly name: string;
  scale?(factor: number): Shape;
}

export type Visitor = {
  visit(node: Node): void;
  leave?: (node: Node) => void;
};

export type Long =\t| { kind: 'circle';\u00a0radius: number;\u2003center: Point }
\t| { kind: 'square';   side: number;   origin: Point;   rotation?: number }
\t| { kind: 'polygon';
\t\tpoints: ReadonlyArray<Point>;
\t\tclosed: boolean;\u00a0\u00a0\u00a0
\t\tstyle?: { stroke: string; fill: string; width: number; dash: number[] } }
\t| { kind: 'text'; value: string; font: Font; size: number; anchor: 'start' | 'middle' | 'end' };

type Alias<T> = T extends Array<infer U> ? U : never;
`,
  },
  // collapsedPrefix: a type alias longer than 600 characters whose first 600 collapse to fewer than 300 (second pass of the loop); also a U+2028/U+3000 in a string literal type
  {
    path: 'src/padded.ts',
    source: `export type Padded = 'a'${' '.repeat(200)}|${'\n'.repeat(150)}'b'${'\t'.repeat(120)}| 'c\u2028d' | 'e\u3000f'${' | "gggggggggg"'.repeat(40)};

type Short = 'x';
`,
  },
  // recordHeritage: extends identifier with type arguments, implements generic/nested/plain, extends call and member (skipped), class expression heritage, interface extends generic/plain/nested; class expression name recorded as usage
  {
    path: 'src/heritage.ts',
    source: `export class List<T> extends Base<T> implements Iterable<T>, ns.Disposable, Countable {
  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }
}

class Mixed extends mixin(Base, Other) {}

class Member extends React.Component<Props, State> {}

const Expr = class Named extends Base implements Runnable {
  run() {}
};

export interface Tree<K> extends Map<K, Tree<K>>, Node, ns.Visitable {
  walk(visitor: Visitor<K>): void;
}

interface Empty {}
`,
  },
  // recordImport / namespaceAlias / importedNames: every clause form, string specifiers, import type, side effect, import x = require (no source field); export = / export as namespace / export type {}
  {
    path: 'src/imports.ts',
    source: `import * as path from 'node:path';
import React, { useState as useLocalState, useEffect } from 'react';
import type { Config } from './config';
import { type Options, default as Def, "a-b" as ab } from './options';
import Default, * as everything from './all';
import './polyfill';
import legacy = require('legacy');

export type { Config };
export type { Shared } from './shared';
export * from './reexport';
export * as grouped from './grouped';
export { useLocalState as useState };

const lazy = () => import('./lazy');

export = legacy;
export as namespace MyLib;
`,
  },
  // recordCall: super(), undefined(), import(), this.x(), a?.b(), f()(), (a || b)(), obj['k'](), tagged template, multi-line dotted, require.resolve; new_expression with identifier, member, call, no parens; receiver types from typed parameters
  {
    path: 'src/calls.ts',
    source: `class Child extends Parent {
  constructor() {
    super();
    super.init();
    undefined();
    null;
    this.setup();
    this.a.b.c();
  }
}

export function calls(a?: Api, b?: Api) {
  a?.b();
  a?.b.c?.();
  make()();
  (a || b)!.run();
  (a || b)();
  obj['key']();
  obj[0].go();
  tag\`text \${value}\`;
  styled.div\`color: red;\`;
  fetch('/x').then((r) => r.json()).catch(console.error);
  promise
    .then(first)
    .catch(second);
  window . scrollTo(0, 0);
  require.resolve('x');
  new Foo();
  new Foo;
  new ns.Bar();
  new (factory())();
  new a.b.C(1, 2);
  const dynamic = import('./dynamic');
  return ok();
}

export function receivers(list: List<Item>, maybe: Api | null, arr: Api[], opt?: Api, plain = api, ...rest: Api[]) {
  list.add();
  maybe.get();
  arr.map();
  opt.x();
  plain.y();
  rest.z();
  list.inner.deep();
}
`,
  },
  // siteQualifier / addDottedCall: receivers of 58–62 units, dotted and not, with whitespace runs, non-ASCII, astral characters cut at the 50-unit tail
  {
    path: 'src/receivers.ts',
    source: [58, 59, 60, 61, 62]
      .map(
        (n) =>
          `${'r'.repeat(n)}.m();\n(${'s'.repeat(n - 4)}  ).m();\nq${'.w'.repeat(n / 2)}();\n(${'x'.repeat(n - 12)}\n\t  || y).m();\n('${'😀'.repeat(n / 2 - 1)}${'a'.repeat(n % 2)}').trim();\n('ñ${'é'.repeat(n - 3)}').at(0);\n`,
      )
      .join(''),
  },
  // recordExit: throw new X / new a.B / identifier / call / comment first / duplicates; return with and without value in if (block or not), else (block or not), else-if, loops, nested callbacks, top level
  {
    path: 'src/exits.ts',
    source: `export function validate(input: unknown): boolean {
  if (input === null) return false;
  if (input === undefined) {
    return false;
  } else if (typeof input === 'string') {
    throw new TypeError('string');
  } else {
    throw new errors.ValidationError('other');
  }
  for (const item of list) {
    if (!item) continue;
    return;
  }
  const err = new Error('x');
  if (err) throw err;
  else throw makeError(err);
  throw new TypeError('again');
  throw /* why */ new RangeError();
  return /* nothing */;
}

export function early(x: number) {
  if (x) return;
  else return x;
}

export function viaCallback(items: number[]) {
  items.forEach((item) => {
    if (item < 0) throw new RangeError('negative');
    return item;
  });
  while (true) {
    return 1;
  }
}

export function bare() {
  throw;
}

return topLevel();
throw new Error('top');
`,
  },
  // TSX: React components (function, arrow, memo, class with field handlers), JSX elements upper/lower/member/fragment/namespace names, default export function
  {
    path: 'src/components/App.tsx',
    source: `import React, { useState } from 'react';
import { Button } from './Button';
import * as ui from '@acme/ui';

interface Props {
  title: string;
}

/** The header. */
export const Header: React.FC<Props> = ({ title }) => <h1 className="title">{title}</h1>;

export const Memo = React.memo(function MemoInner() {
  return <Button label="memo" />;
});

export class Counter extends React.Component<Props, { count: number }> {
  state = { count: 0 };
  handleClick = (): void => {
    this.setState({ count: this.state.count + 1 });
  };
  render() {
    return (
      <>
        <Button onClick={this.handleClick}>+</Button>
        <ui.Badge count={this.state.count} />
        <svg:rect width={1} />
      </>
    );
  }
}

export default function App() {
  const [open, setOpen] = useState(false);
  return (
    <Layout>
      <Header title="app" />
      <div onClick={() => setOpen(!open)}>{open && <Modal onClose={() => setOpen(false)} />}</div>
    </Layout>
  );
}
`,
  },
  // JSX in a .jsx file (javascript grammar): components as function expressions, hooks, arrow single parameter, elements inside callbacks
  {
    path: 'src/components/List.jsx',
    source: `import PropTypes from 'prop-types';

export function List({ items, renderItem = (item) => <li>{item}</li> }) {
  return <ul>{items.map(item => renderItem(item))}</ul>;
}

List.propTypes = {
  items: PropTypes.array,
};

List.Item = function Item(props) {
  return <li {...props} />;
};

const Row = (props) => <Table.Row {...props}><Cell /></Table.Row>;

export default List;
`,
  },
  // declareVariable + noteLiteralMembers: as const, satisfies, parenthesized, typed constant (returnType), quoted/numeric/computed keys, spread, nested object (skipped), non-function pair; literal in a function (not top level); let/var/destructuring
  {
    path: 'src/api.ts',
    source: `/** The API client. */
export const api = {
  get(id: string) {
    return http.get(\`/items/\${id}\`);
  },
  post: function (body: Item) {
    return http.post('/items', body);
  },
  'x-y': () => {},
  "del": async (id: string) => http.delete(id),
  42: () => 42,
  [Symbol.iterator]() {},
  ...base,
  nested: { deep() {} },
  version: 2,
} as const;

export const routes = ({
  home() {},
  about: () => 'about',
}) satisfies Routes;

export const typed: Handlers = {
  onError(error: Error): void {},
};

export const both = { a() {} } as const satisfies Record<string, () => void>;

export const plain = 1, second = () => {}, third = { c() {} };
export let notConst = { skip() {} };
export var notConstVar = { skip() {} };
const notExported = { skip() {} };
export const [first, rest] = pair;
export const { destructured } = source;

export function factory() {
  const inner = { skip() {} };
  return inner;
}
`,
  },
  // declareValue: `@dec export default class {}` with doc and decorators from the export statement
  {
    path: 'src/default-class.ts',
    source: `import { Injectable } from '@angular/core';

/** The default service. */
@Injectable()
export default class extends BaseService implements OnInit {
  private cache = new Map<string, Item>();
  ngOnInit(): void {
    this.cache.clear();
  }
}
`,
  },
  // enter: `export default helper;` (identifier value: byName), the function declaration exported by that name
  {
    path: 'src/default-arrow.ts',
    source: `function helper(x: number): number {
  return x * 2;
}

export default helper;

export const unrelated = () => helper(1);
`,
  },
  // declareValue: export default arrow function — not declared, its calls owned by no one
  {
    path: 'src/default-lambda.ts',
    source: `export default (req: Request): Response => {
  return handle(req);
};
`,
  },
  // declareValue: export default generator function expression and async function expression (both 'default', overload index 1)
  {
    path: 'src/default-generator.js',
    source: `/** Yields values. */
export default function* () {
  yield compute();
}

export default async function () {
  await run();
}
`,
  },
  // declareFunction: export default of a named function declaration (name kept, exported)
  {
    path: 'src/default-named.ts',
    source: `/**
 * Named default.
 */
export default async function named<T>(value: T): Promise<T> {
  return value;
}
`,
  },
  // readParameters: optional, rest, defaults, destructuring with defaults, this parameter, comments inside the list, parameter decorators; signatureOf dropping // and /* lines; typeText over multi-line types
  {
    path: 'src/params.ts',
    source: `export function options(
  // the first argument
  a: number,
  /* a block comment line */ b: string,
  c?: boolean,
  d: number = 1,
  { e = 1, f: { g } = { g: 2 } }: Opts = {},
  [h, i]: [number, number] = [0, 0],
  ...rest: Array<
    string
  >
): Map<
  string,
  number
> {
  return new Map();
}

export function withThis(this: Window, /* inline */ x: number) {}

export const single = x => x;
export const singleAsync = async x => x;
export const typedArrow = <T,>(value: T, fallback?: T): T => value ?? fallback!;
export const noParams = (): void => {};

class Params {
  constructor(@Inject(A) private readonly a: A, @Optional() b?: B) {}
  method(x = 1, y?: string, ...z: number[]) {}
}

export function generic<T, U extends keyof T = never>(obj: T, key: U): T[U] {
  return obj[key];
}
`,
  },
  // readParameters (JavaScript): identifier, assignment_pattern, rest_pattern, object/array patterns with defaults, comment
  {
    path: 'src/params.js',
    source: `export function js(a, b = 2, { c, d = 4 } = {}, [e] = [], /* comment */ ...rest) {
  return a + b;
}

export const arrow = (x, y = x) => x + y;

function spread(...[first, second]) {}
`,
  },
  // leadingIdentifier / identifierText: non-ASCII names (declaratorName fallback), type identifiers starting or continuing non-ASCII, non-ASCII calls (tree path)
  {
    path: 'src/naïve.ts',
    source: `export function naïve(ñ: Ñandú): Café {
  return ñ.comer();
}

export const naïveConst = (x: Ünicode) => naïve(x);
export const café = { añadir() {} };
const ñame = naïve.go(), other = ñ();

export class Ñandú implements Vögel {
  ñ(): void {}
}

export interface Café extends Größe<Maß> {}

type Größe<T> = T;
type $Dollar_1 = Ñandú | Café;
`,
  },
  // the same in JavaScript: non-ASCII var names with function values, property assignment roots, calls
  {
    path: 'src/unicode.js',
    source: `var señor = function () {};
señor.hola = function () {};
var δ = {};
δ.prototype.x = function () {};
function überall() { return señor.hola(); }
module.exports = { señor, überall };
`,
  },
  // CRLF line endings: docs, signatures across lines, comments, trailing comments on code lines
  {
    path: 'src/crlf.ts',
    source: `/**\r\n * Windows file.\r\n * @param a first\r\n */\r\nexport function crlf(a: number,\r\n\tb: string): void {\r\n\tif (a) return;\r\n}\r\n\r\nconst x = 1; // trailing\r\n/** Not mine? */\r\nexport class Win {\r\n\tmethod(\r\n\t\t// comment\r\n\t\targ: string,\r\n\t): void {}\r\n}\r\n`,
  },
  // whitespace: tabs, U+00A0, U+2003, U+3000, U+2028 and U+FEFF inside signatures, defaults and types (collapsed by \s)
  {
    path: 'src/whitespace.ts',
    source: `export\tfunction\tspaced\u00a0(a:\u2003number,\u3000b = 'x\u2028y'):\u00a0\u00a0Promise<\u2003void\u2003> {\n}\n\nexport const\u00a0arrow\u2003=\u00a0(\u00a0x\u00a0)\u00a0=>\u00a0x;\n\nclass\u00a0Odd\u2003{\n\tmethod\u00a0(\u00a0)\u2003:\u00a0string\u00a0{ return ''; }\n}\n\nexport const typed\u00a0:\u00a0Record<string,\u2003number> = {};\nexport const bom = '\ufeff';\n`,
  },
  // broken code: unclosed braces and parentheses, missing names, stray tokens (ERROR nodes around declarations)
  {
    path: 'src/broken.ts',
    source: `export function ok(a: number {
  return a;

class Broken extends {
  method( {
  }

interface  { x: number }
export const = 1;
let y = ;
enum { A }
namespace {}
export class extends Base {}
export function () {}
function g(a, b
`,
  },
  // broken code in JavaScript: missing names, unclosed function bodies, stray decorator, half assignments
  {
    path: 'src/broken.js',
    source: `function (a) {
  return a
module.exports = {
  f(,
  g: function (
exports.x = function () {
@dec function h() {}
var = 2;
View.prototype.render = function
`,
  },
  // broken parameter lists (ERROR nodes read as parameters), `throw new ;`, an empty parenthesized value
  {
    path: 'src/broken-params.ts',
    source: `function g(a, , b) {
  throw new ;
}

function h(a: number, ?: string, c) {}

export const e = ();

export class K {
  m(a b) {}
}
`,
  },
  // oneLine / collapsedPrefix / snippets with the edges of JavaScript's \s: U+0085 and U+180E and U+200B are not whitespace, U+000B, U+000C, U+2028, U+2029, U+FEFF and U+3000 are; an indented line trimmed by them
  {
    path: 'src/unicode-whitespace.ts',
    source: `export function f(a = 'x\u0085y\u180ez\u2028w\u2029v\ufeffu\u200bt', b: 'p\u000bq\u000cr'): void {}
\u3000\u00a0foo.bar(); \ufeffbaz();
export type W = 'a\u0085\u0085b' | 'c\u180e\u180ed';
(a\u3000|| b).m();
`,
  },
  // a byte order mark and lone CR line endings (rows the tree counts, lines the snippets split on '\n' only)
  {
    path: 'src/old-mac.js',
    source:
      '\ufefffunction a() {\r  b.c();\r}\r/** doc */\rfunction d() { e(); }\rexports.f = function () {};\r',
  },
  // snippets cut at 200 units next to astral characters; a type signature cut at 300 units inside a surrogate pair (and just after one)
  {
    path: 'src/long-lines.ts',
    source: `const pad = '${'x'.repeat(190)}😀😀😀😀'; call();
export type T = '${'y'.repeat(280)}${'😀'.repeat(20)}';
export type U = '${'y'.repeat(281)}${'😀'.repeat(20)}';
`,
  },
  // leadingIdentifier stopping at a unicode escape (`a\u0062` declares `a`), escaped names from the tree, a zero-width joiner inside a name, escaped property names
  {
    path: 'src/escapes.js',
    source: `var \\u0061bc = function () {};
var a\\u0062 = function () {};
var zw\u200dj = function () {};
exports.\\u0078 = function () {};
\\u0066oo.bar();
`,
  },
  // the empty file
  { path: 'src/empty.ts', source: '' },
  // a file of comments only, including /**/, /* */ and a directive-less doc
  {
    path: 'src/only-comments.js',
    source: `// line comment
/**/
/* block */
/** doc without a declaration */
`,
  },
  // readDoc / commentsAbove: /**/ skipped, /* */ not a doc, nearest doc wins, // between, blank line, comment trailing code, doc above decorators, doc first in file (no sibling before it)
  {
    path: 'src/docs.ts',
    source: `/** First in the file. */
export function first() {}

/** An older doc. */
/** The nearest doc. */
export function nearest() {}

/**/
export function emptyDoc() {}

/* not a doc */
export function blockComment() {}

/** Doc, then a line comment. */
// a line comment
export function docThenLine() {}

/** Doc, then a blank line. */

export function docThenBlank() {}

run(); /** Trailing code, so not a doc. */
export function trailing() {}

/**
 * Doc above decorators.
 * @deprecated use \`other\`
 * @example
 *   decorated();
 */
@Sealed
@Named('x')
export class Decorated {}

/** Doc */ /* then a block on the same line */
export const inline = () => {};

/** Constant doc. */
export const constant = 1;

/**
 * @param a - the a
 * @returns the sum
 * @throws {RangeError} when negative
 */
export function tagged(a: number): number {
  return a;
}
`,
  },
  // readDoc / commentsAbove: a 'use strict' directive without a semicolon, then a doc on the next line
  {
    path: 'src/directive.js',
    source: `"use strict"
/** After the directive. */
function afterDirective() {}
`,
  },
  // enter: scopes — nested functions, anonymous callbacks keep the owner, class static block (not top level), calls at top level and in class field initialisers; variable declarators in functions
  {
    path: 'src/scopes.ts',
    source: `export function outer(values: number[]) {
  function inner(v: number) {
    return add(v);
  }
  const local = (w: number) => scale(w);
  values.map((v) => inner(v)).forEach(function (x) {
    log(x);
  });
  class LocalClass {
    m() {
      return helper();
    }
  }
  return local(values[0]);
}

export class Holder {
  static {
    const insideStatic = { skip() {} };
    init();
  }
  field = compute();
  static instance: Holder = create();
}

topLevelCall();
export const configured = configure({ debug: true });
`,
  },
  // enter: export clause names (byName), comment inside the clause, export { } from (source), nested same-name member not exported
  {
    path: 'src/exported-by-name.ts',
    source: `function helper() {}
function parse(text: string) {}
class Service {
  helper() {}
}
interface Shape {}
const value = 1;

export { helper, parse as read, /* comment */ Service, Shape, value };
export { other } from './other';
export {};
`,
  },
  // declareAssignment: static (class, function containers), prototype (not static), constant container (exported through it), namespace container, enum and interface (not containers: prefix only)
  {
    path: 'src/static-containers.ts',
    source: `export class Foo {}
Foo.create = function () {
  return new Foo();
};
Foo.prototype.bar = function (this: Foo) {};

export function Bar() {}
Bar.of = (x: number) => x;
Bar.displayName = 'Bar';

export const store = {};
store.reset = function reset() {};

export namespace NS {}
NS.helper = function () {};

enum Color {
  Red,
}
Color.parse = function () {};

interface Opts {}
Opts.make = function () {};
`,
  },
  // UMD wrapper: IIFE with function arguments, root.Lib = factory(), calls owned by anonymous functions at top level, define/require checks
  {
    path: 'dist/lib.umd.js',
    source: `(function (root, factory) {
  if (typeof define === 'function' && define.amd) {
    define(['exports'], factory);
  } else if (typeof exports === 'object') {
    factory(exports);
  } else {
    factory((root.Lib = {}));
  }
})(this, function (exports) {
  'use strict';
  function Lib() {}
  Lib.prototype.run = function () {
    return Lib.version;
  };
  exports.Lib = Lib;
  exports.create = function () {
    return new Lib();
  };
});
`,
  },
  // React hooks in TSX: generic arrow components, custom hooks, effects whose callbacks call, useCallback arrows
  {
    path: 'src/hooks.tsx',
    source: `import { useCallback, useEffect, useMemo } from 'react';

export const Select = <T,>({ items, onPick }: SelectProps<T>) => {
  const sorted = useMemo(() => items.slice().sort(compare), [items]);
  const pick = useCallback((item: T) => onPick(item), [onPick]);
  return <List items={sorted} onPick={pick} />;
};

export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = '';
    };
  }, [title]);
}

function Generic<P extends object>(props: P) {
  return <Inner {...props} />;
}
`,
  },
  // an Express router in TypeScript: callbacks at top level (owner none), async handlers, thrown errors in callbacks, router.get chained
  {
    path: 'src/routes/users.ts',
    source: `import { Router, type Request, type Response } from 'express';
import { UserService } from '../services/user';

const router = Router();
const service = new UserService();

router.get('/users/:id', async (req: Request, res: Response) => {
  const user = await service.find(req.params.id);
  if (!user) {
    return res.status(404).json({ error: 'not found' });
  }
  res.json(user);
});

router
  .route('/users')
  .post(async (req, res) => {
    throw new HttpError(501);
  });

export default router;
`,
  },
  // signatureOf: lines starting with # or * dropped (private and generator methods), multi-line heads, a template default whose '#[' line is kept, class heads with long heritage
  {
    path: 'src/signature-lines.ts',
    source: `export class Lines {
  #hidden(a: number) {}
  #multi(
    a: number,
    b: string,
  ) {}
  *generator() {}
  *
  spaced() {}
  static async *stream(): AsyncGenerator<number> {}
  [Symbol.asyncIterator]() {}
  tpl(a = \`
#[kept]
#dropped
// dropped too
  \`) {}
}

export class Long
  extends Base
  // a comment line in the head
  implements First, Second {
  method(
    a: number, // trailing comment in the parameters
    b = [1, 2],
  ) {}
}
`,
  },
  // astral characters (surrogate pairs) before calls and declarations on one line: columns, snippets, signatures; a site on a last line without a line break
  {
    path: 'src/astral.ts',
    source: `const face = '😀😀😀'; call(face); a.b.c();
/** 🎉 party doc */
export function party(emoji = '🎉'): '🎉' { return emoji; }
export type Emoji = '😀' | '🎉' | '👍🏽';
const s = \`\${'𝒳'}\`.length; ns.run(s);
last.call(); // no line break after this line`,
  },
  // class expressions returned by a mixin function: members skipped (holder is class), fields skipped, heritage of the expression recorded
  {
    path: 'src/mixins.ts',
    source: `export const Timestamped = <TBase extends Constructor>(Base: TBase) =>
  class extends Base {
    timestamp = Date.now();
    touch = () => {
      this.timestamp = Date.now();
    };
    stamp() {
      return this.timestamp;
    }
  };

export function Activatable<TBase extends Constructor>(Base: TBase) {
  return class Activated extends Base implements Toggle {
    isActive = false;
    activate() {
      this.isActive = true;
    }
  };
}
`,
  },
  // object literal methods at top level and in calls (holder object: skipped); getters/setters in a literal; functions passed as arguments
  {
    path: 'src/object-methods.js',
    source: `const o = {
  m() {
    return helper();
  },
  get g() {
    return 1;
  },
  set g(v) {},
  n: function () {},
};

register({
  setup() {
    init();
  },
});

export const exportedLiteral = {
  get value() {
    return 1;
  },
  async *items() {},
};
`,
  },
  // declareVariable in JavaScript: var/let function expressions, generator expression, named function expression, arrow returning object, exported const without type
  {
    path: 'src/variables.js',
    source: `var helper = function helper() {};
let gen = function* () {};
const arrow = async () => ({ ok: true });
export const exported = function named(a) {
  return a;
};
export const value = 42;
export const klass = class {};
`,
  },
  // TSX: a decorator on the export statement of a named default class, decorated fields (decorator inside the field's signature), a parenthesized arrow constant
  {
    path: 'src/widgets/Panel.tsx',
    source: `/** Panel */
@observer
export default class Panel extends React.Component<PanelProps> {
  @observable open = false;
  @action.bound toggle = () => {
    this.open = !this.open;
  };
  render() {
    return <Frame open={this.open} onToggle={this.toggle} />;
  }
}

export const wrapped = (() => {
  return () => <Panel />;
});
`,
  },
  // type usages: type_identifier in parameters, returns, generics, casts, satisfies, nested types (ns.Type), type parameters, declared names skipped
  {
    path: 'src/usages.ts',
    source: `import type { Request } from 'express';

export type Handler<TReq extends Request = Request> = (req: TReq) => Promise<Result<Payload>>;

export function handle(req: Request, opts: ns.Options<Deep.Inner>): Result<Payload> {
  const cast = req as unknown as Special;
  const old = <Legacy>cast;
  const checked = { a: 1 } satisfies Shape;
  let typed: Array<Map<Key, Value>> = [];
  return make<Result<Payload>>(cast, checked, typed);
}

export class Payload implements Serializable<Payload> {
  static from(raw: Raw): Payload {
    return new Payload();
  }
}
`,
  },
];
