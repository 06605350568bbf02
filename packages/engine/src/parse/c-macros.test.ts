import { describe, expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import { accessLabelMacros, blankAttributeMacros } from './c-macros.ts';

/** The text with what blanking made of each macro (comments, spaces) squeezed out. */
const read = (text: string) =>
  blankAttributeMacros(text)
    .replace(/\/\*\s*\*\//g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();

describe('attribute macros blanked for the grammar', () => {
  test('every offset and line stays where it was', () => {
    const source = [
      'class V8_EXPORT V8_NODISCARD Scope {',
      ' public:',
      '  V8_DEPRECATE_SOON(',
      '      "Use the version which takes a key parameter (passing a null handle is "',
      '      "ok).")',
      '  void Detach();',
      '};',
      'NODE_DEPRECATED("Use ErrnoException(isolate, ...)",',
      '                inline int ErrnoException(int errorno) { return errorno; })',
      '',
    ].join('\n');
    const blanked = blankAttributeMacros(source);
    expect(blanked).toHaveLength(source.length);
    expect([...blanked.matchAll(/\n/g)].map((m) => m.index)).toEqual(
      [...source.matchAll(/\n/g)].map((m) => m.index),
    );
  });

  test('decorations of declarations go, in every place V8, Node and libuv write them', () => {
    expect(read('  V8_INLINE static Local<T> Cast(Local<S> that);')).toBe(
      'static Local<T> Cast(Local<S> that);',
    );
    expect(read('  static V8_INLINE Local<T> Cast(Local<S> that);')).toBe(
      'static Local<T> Cast(Local<S> that);',
    );
    expect(
      read('  V8_WARN_UNUSED_RESULT MaybeLocal<String> ToString(Local<Context> c) const;'),
    ).toBe('MaybeLocal<String> ToString(Local<Context> c) const;');
    expect(
      read(
        'template <class S>\nV8_INLINE ReturnValue(const ReturnValue<S>& that);\nclass ReturnValue;',
      ),
    ).toBe('template <class S>\nReturnValue(const ReturnValue<S>& that);\nclass ReturnValue;');
    expect(read('  V8_INLINE ~Scope() { Exit(); }')).toBe('~Scope() { Exit(); }');
    expect(read('  V8_INLINE T* operator->() const;')).toBe('T* operator->() const;');
    expect(
      read('  virtual V8_WARN_UNUSED_RESULT Address\n  AllocatePages(Address hint) = 0;'),
    ).toBe('virtual Address\nAllocatePages(Address hint) = 0;');
    expect(read('NODE_EXTERN\nv8::MaybeLocal<v8::Value> MakeCallback(v8::Isolate* isolate);')).toBe(
      'v8::MaybeLocal<v8::Value> MakeCallback(v8::Isolate* isolate);',
    );
    expect(read('UV_EXTERN uv_loop_t* uv_default_loop(void);')).toBe(
      'uv_loop_t* uv_default_loop(void);',
    );
    expect(read('void V8_EXPORT RegisterExtension(std::unique_ptr<Extension>);')).toBe(
      'void RegisterExtension(std::unique_ptr<Extension>);',
    );
    expect(read('  V8_DEPRECATED("Use New()") static Local<X> Old();')).toBe(
      'static Local<X> Old();',
    );
    expect(read('class V8_EXPORT V8_NODISCARD Scope {')).toBe('class Scope {');
    // libstdc++: a macro after a namespace's name, and one alone before a declaration
    expect(
      read(
        'namespace std _GLIBCXX_VISIBILITY(default)\n{\n_GLIBCXX_BEGIN_NAMESPACE_VERSION\n\n/// Docs.\nnamespace filesystem\n{',
      ),
    ).toBe('namespace std\n{\n\n\n/// Docs.\nnamespace filesystem\n{');
    expect(read('struct GTEST_API_ TestInfo final : Base {')).toBe(
      'struct TestInfo final : Base {',
    );
  });

  test('a macro wrapping a base class or a whole declaration leaves what it wraps', () => {
    expect(
      read('class Tracing\n    : public V8_PLATFORM_NON_EXPORTED_BASE(v8::TracingController) {'),
    ).toBe('class Tracing\n: public v8::TracingController {');
    expect(
      read('NODE_DEPRECATED("Use X(isolate, ...)",\n    inline int X(int e) { return e; })'),
    ).toBe('inline int X(int e) { return e; }');
  });

  test('a macro that is a type, a value or a statement stays', () => {
    for (const code of [
      'LARGE_INTEGER size;',
      'LARGE_INTEGER GetSize();',
      'HANDLE_T* handles;',
      '  DCHECK_EQ(a, b);',
      '  CPPGC_DCHECK(IsValid());',
      'enum Access {\n  ALL_CAN_READ = 1,\n  ALL_CAN_WRITE,\n};',
      'int f() {\n  return MAX_VALUE;\n}',
      'if (V8_LIKELY(ok)) {\n  Run();\n}',
      'Foo() : BASE_INIT(x) {}',
      '#define V8_INLINE inline __attribute__((always_inline))',
      '// V8_INLINE void Commented();',
      'const char* s = "V8_INLINE void InString();";',
    ])
      expect(blankAttributeMacros(code)).toBe(code);
  });

  test('a comment inside a #define that runs on goes; the declaration after it keeps its doc', async () => {
    const source = [
      'namespace v8 {',
      '#define CODE_EVENTS_LIST(V) \\',
      '  V(Builtin)                \\',
      '  V(LazyCompile) /* Unused */ \\',
      '  V(Relocation)',
      '',
      '/**',
      ' * Note that this enum may be extended.',
      ' */',
      'enum CodeEventType { kUnknownType = 0 };',
      '}',
      '',
    ].join('\n');
    const index = await indexFile({ path: 'v8-profiler.h', content: Buffer.from(source) });
    const type = index.objects.find((o) => o.qualifiedName === 'v8.CodeEventType');
    expect(type?.doc?.text).toBe('Note that this enum may be extended.');
  });
});

describe('C++ headers decorated with macros, indexed', () => {
  test('members keep their class, docs and kinds', async () => {
    const source = [
      '#include "v8config.h"',
      'namespace v8 {',
      'template <typename T>',
      'class ReturnValue {',
      ' public:',
      '  template <class S>',
      '  V8_INLINE ReturnValue(const ReturnValue<S>& that) : value_(that.value_) {',
      '    static_assert(std::is_base_of<T, S>::value, "type check");',
      '  }',
      '  // Fast primitive setters',
      '  V8_INLINE void Set(bool value);',
      '  // The GC writes using SetNodeSafe() while holding the lock.',
      '  V8_CLANG_NO_SANITIZE("address")',
      '  void SetNodeSafe(int* value) const {}',
      '  /**',
      '   * Converts to a Local<>.',
      '   */',
      '  template <class S>',
      '  V8_WARN_UNUSED_RESULT V8_INLINE bool ToLocal(Local<S>* out) const;',
      '  explicit operator bool() const { return true; }',
      '  operator T*() const { return nullptr; }',
      '  CPPGC_STACK_ALLOCATED();',
      '  friend bool operator==(ReturnValue, ReturnValue) { return true; }',
      '  friend class Local;',
      '  template <class F> friend class ReturnValue;',
      '  friend Local<Primitive> Undefined(Isolate* isolate);',
      ' private:',
      '  static std::false_type SubclassCheck(...);',
      '  internal::Address* value_;',
      '};',
      '',
      'template <typename T>',
      'struct Trait<T, false> : internal::Base {',
      '  static size_t GetSize(const T& object) {',
      '    using I = internal::Internals;',
      '    return I::Size(object);',
      '  }',
      '};',
      '',
      'template <>',
      'class Maybe<void> {',
      ' public:',
      '  Maybe() = default;',
      '};',
      '}  // namespace v8',
      '',
    ].join('\n');
    const index = await indexFile({ path: 'v8-function-callback.h', content: Buffer.from(source) });
    const listed = index.objects.map((o) => `${o.kind} ${o.qualifiedName}`);
    expect(listed).toEqual([
      'namespace v8',
      'class v8.ReturnValue',
      'constructor v8.ReturnValue.ReturnValue',
      'method v8.ReturnValue.Set',
      'method v8.ReturnValue.SetNodeSafe',
      'method v8.ReturnValue.ToLocal',
      'method v8.ReturnValue.operator bool',
      'method v8.ReturnValue.operator T*',
      'function v8.ReturnValue.operator==',
      'method v8.ReturnValue.SubclassCheck',
      'struct v8.Trait<T, false>',
      'method v8.Trait<T, false>.GetSize',
      'class v8.Maybe<void>',
      'constructor v8.Maybe<void>.Maybe',
    ]);
    const doc = (name: string) =>
      index.objects.find((o) => o.qualifiedName === name)?.doc?.text ?? null;
    expect(doc('v8.ReturnValue.Set')).toBe('Fast primitive setters');
    expect(doc('v8.ReturnValue.SetNodeSafe')).toBe(
      'The GC writes using SetNodeSafe() while holding the lock.',
    );
    expect(doc('v8.ReturnValue.ToLocal')).toBe('Converts to a Local<>.');
    const check = index.objects.find((o) => o.name === 'SubclassCheck');
    expect(check?.parameters.map((p) => p.name)).toEqual(['...']);
  });

  test('functions a macro defines are named by its argument; a statement-like macro is none', async () => {
    const source = [
      '#define NODE_METHOD(name) void name(const v8::FunctionCallbackInfo<v8::Value>& info)',
      'class Backup : public node::ObjectWrap {',
      ' public:',
      '  static NODE_METHOD(JS_new);',
      ' private:',
      '  static NODE_METHOD(JS_close) {',
      '    Close();',
      '  }',
      '  static void xStep(sqlite3_context* c, const v8::Global<v8::Function> Backup::*member);',
      '};',
      '',
      '// Starts a backup.',
      'NODE_METHOD(Backup::JS_new) {',
      '  UseAddon;',
      '}',
      'TEST(BackupTest, Runs) {}',
      'NODE_MODULE(addon, Init)',
      'NODE_DEPRECATED("Use MakeCallback(..., async_context)",',
      '                NODE_EXTERN v8::Local<v8::Value> MakeCallback(',
      '                    v8::Isolate* isolate, const char* method));',
      '',
    ].join('\n');
    const index = await indexFile({ path: 'backup.cpp', content: Buffer.from(source) });
    expect(index.objects.map((o) => `${o.range.startLine} ${o.kind} ${o.qualifiedName}`)).toEqual([
      '2 class Backup',
      '6 method Backup.JS_close',
      '9 method Backup.xStep',
      '13 method Backup.JS_new',
      '19 function MakeCallback',
    ]);
    const find = (name: string) => index.objects.find((o) => o.qualifiedName === name);
    expect(find('Backup.JS_new')?.doc?.text).toBe('Starts a backup.');
    expect(find('Backup.JS_new')?.parameters).toEqual([]);
    expect(find('Backup.xStep')?.parameters.map((p) => p.name)).toEqual(['c', 'member']);
    expect(find('MakeCallback')?.parameters.map((p) => p.name)).toEqual(['isolate', 'method']);
  });
});

describe('issue 42: C++ access labels written as macros', () => {
  test('a label macro becomes the keyword it stands for, every offset kept', () => {
    const source = [
      '#define KIT_PRIVATE_UNLESS_TESTED public',
      'class Box {',
      '  KIT_PRIVATE_UNLESS_TESTED:',
      '    int size() const;',
      '  WIDGET_PROTECTED_API :',
      '    int area() const;',
      '};',
      'int retry() {',
      'RETRY_LOOP:',
      '  return KIT_VALUE::max();',
      '}',
      '// KIT_PUBLIC_NOTE: in a comment',
      '',
    ].join('\n');
    const out = accessLabelMacros(source);
    expect(out).toHaveLength(source.length);
    expect(out.split('\n')).toEqual([
      '#define KIT_PRIVATE_UNLESS_TESTED public',
      'class Box {',
      // the file's own #define wins over the name
      '  public/*               */:',
      '    int size() const;',
      '  protected/*        */:',
      '    int area() const;',
      '};',
      'int retry() {',
      // a label whose name says no access keyword is a goto target
      'RETRY_LOOP:',
      '  return KIT_VALUE::max();',
      '}',
      '// KIT_PUBLIC_NOTE: in a comment',
      '',
    ]);
  });

  test('members after the label keep their class, and no phantom member appears', async () => {
    const content = [
      'namespace kit {',
      'class table {',
      '  public:',
      '    int rows() const { return first(); }',
      '  KIT_PRIVATE_UNLESS_TESTED:',
      '    using cursor = detail::cursor<table>;',
      '    /// The first row.',
      '    row first() const { return row(); }',
      '  KIT_PRIVATE_UNLESS_TESTED:',
      '    const decltype(KIT_LIMIT) limit = KIT_LIMIT;',
      '  public:',
      '    bool empty() const { return true; }',
      '};',
      '}',
      '',
    ].join('\n');
    const file = await indexFile({ path: 'table.hpp', content }, { repository: 'r' });
    expect(file.objects.map((o) => `${o.qualifiedName}:${o.range.startLine}`)).toEqual([
      'kit:1',
      'kit.table:2',
      'kit.table.rows:4',
      'kit.table.cursor:6',
      'kit.table.first:8',
      'kit.table.empty:12',
    ]);
    expect(file.objects.find((o) => o.name === 'first')?.doc?.summary).toBe('The first row.');
  });
});
