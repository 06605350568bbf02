# Ground truth for the Ruby accuracy test: what Ruby's own parser (Ripper) sees in each file.
#
# Reads file paths (one per line) on stdin, prints one JSON object per file on stdout:
# {"path", "ok", "defs": [{"kind", "qualname", "line", "doc", "params"}]}.
# Definitions are classes, modules and methods (`def`, `def self.x`), named by the lexical
# nesting of classes and modules (`A::B` is A.B); a `def` outside any is a function. The doc is
# the block of whole-line comments right above the definition, as RDoc and YARD read it. A `def`
# inside a method body is left out: it defines a method when the outer one runs.
require 'json'
require 'ripper'

# Walks Ripper's s-expressions, collecting definitions.
class RubyDefs
  MAGIC = /\A#\s*(-\*-.*-\*-|(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value)\s*:)/i.freeze

  def initialize(source)
    @defs = []
    @comments = {}
    Ripper.lex(source).each do |(line, column), type, token|
      next unless type == :on_comment

      # only comments that fill their line (`x = 1 # note` documents nothing)
      before = source.lines[line - 1][0, column]
      @comments[line] = token.chomp if before.strip.empty?
    end
    @tree = Ripper.sexp(source)
  end

  def defs
    return nil unless @tree

    walk(@tree, [], false)
    @defs
  end

  private

  def doc_above(line)
    lines = []
    at = line - 1
    while @comments.key?(at)
      lines.unshift(@comments[at])
      at -= 1
    end
    # magic comments (`# frozen_string_literal: true`) and a shebang speak to the interpreter
    lines.reject! { |l| l.start_with?('#!') || l.match?(MAGIC) }
    lines.empty? ? nil : lines.map { |l| l.sub(/\A#+ ?/, '') }.join("\n")
  end

  def const_path(node)
    case node[0]
    when :const_ref, :var_ref, :top_const_ref then [node[1][1]]
    when :const_path_ref then const_path(node[1]) + [node[2][1]]
    when :@const, :@ident then [node[1]]
    else []
    end
  end

  def name_of(node)
    # [:@ident, "name", [line, col]], [:@op, "+", …], [:@const, …], [:@kw, …], [:@backtick, …]
    node.is_a?(Array) && node[0].is_a?(Symbol) && node[0].to_s.start_with?('@') ? [node[1], node[2][0]] : nil
  end

  # A parameter's name as written, without its sigil; '' for an anonymous `*`, `**` or `&`.
  def param_name(node)
    return '' if node.nil?
    return name_of(node)&.first.to_s if node[0].is_a?(Symbol) && node[0].to_s.start_with?('@')

    case node[0]
    when :rest_param, :kwrest_param, :blockarg then node[1] ? name_of(node[1]).first : ''
    when :args_forward then '...'
    when :mlhs, :mlhs_paren then "(#{destructured(node).join(', ')})"
    else ''
    end
  end

  # The names of a destructuring parameter `(a, (b, *c))`, nested ones in parentheses.
  def destructured(node)
    node = node[1] while node[0] == :mlhs_paren && node[1].is_a?(Array) && node[1][0].is_a?(Symbol)
    items = node[0] == :mlhs ? node[1..] : node
    items.map do |item|
      case item[0]
      when :mlhs, :mlhs_paren then "(#{destructured(item).join(', ')})"
      when :rest_param then "*#{item[1] ? name_of(item[1]).first : ''}"
      else param_name(item)
      end
    end
  end

  def params_of(node)
    node = node[1] if node && node[0] == :paren
    return [] unless node && node[0] == :params

    _, req, opt, rest, post, kw, kwrest, block = node
    names = []
    (req || []).each { |p| names << param_name(p) }
    (opt || []).each { |p, _| names << param_name(p) }
    names << param_name(rest) if rest && rest != 0
    (post || []).each { |p| names << param_name(p) }
    (kw || []).each { |label, _| names << label[1].chomp(':') }
    names << (kwrest == :nil ? '**nil' : param_name(kwrest)) if kwrest && kwrest != 0
    names << param_name(block) if block.is_a?(Array) # `...` leaves a bare :& here
    names
  end

  def add(kind, qualname, line, params = nil)
    entry = { kind: kind, qualname: qualname, line: line, doc: doc_above(line) }
    entry[:params] = params if params
    @defs << entry
  end

  def walk(node, scope, in_def)
    return unless node.is_a?(Array)

    case node[0]
    when :class, :module
      path = const_path(node[1])
      line = find_line(node[1])
      # `class ::Digest::Class` names a constant from the top, not inside the current module
      qual = (node[1][0] == :top_const_ref || top_level?(node[1]) ? [] : scope) + path
      add(node[0] == :class ? 'class' : 'module', qual.join('.'), line)
      node[2..].each { |child| walk(child, qual, false) }
      return
    when :def, :defs
      # a `def` run by a method body defines a method at run time: not a definition of the file
      return if in_def
    end
    case node[0]
    when :def
      name, line = name_of(node[1])
      qual = (scope + [name]).join('.')
      kind = scope.empty? ? 'function' : (name == 'initialize' ? 'constructor' : 'method')
      add(kind, qual, line, params_of(node[2]))
      node[3..].each { |child| walk(child, scope, true) }
      return
    when :defs
      name, line = name_of(node[3])
      add('method', (scope + [name]).join('.'), line, params_of(node[4]))
      node[5..].each { |child| walk(child, scope, true) }
      return
    end
    node.each { |child| walk(child, scope, in_def) if child.is_a?(Array) }
  end

  def top_level?(node)
    node[0] == :top_const_ref || (node[0] == :const_path_ref && top_level?(node[1]))
  end

  def find_line(node)
    return nil unless node.is_a?(Array)
    return node[2][0] if node[0].is_a?(Symbol) && node[0].to_s.start_with?('@')

    node.each do |child|
      line = find_line(child)
      return line if line
    end
    nil
  end
end

$stdin.each_line do |line|
  path = line.chomp
  next if path.empty?

  defs =
    begin
      RubyDefs.new(File.read(path, encoding: 'UTF-8')).defs
    rescue StandardError
      nil
    end
  puts JSON.generate({ path: path, ok: !defs.nil?, defs: defs || [] })
end
