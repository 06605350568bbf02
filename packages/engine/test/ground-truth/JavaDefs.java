// Ground truth for the Java accuracy test: what javac's parser (the com.sun.source tree API)
// sees in JDK sources.
//
//   java JavaDefs.java list <src.zip>          prints the zip's .java entries, sorted
//   java JavaDefs.java judge <src.zip> <dir>   reads entry names on stdin, extracts each under
//                                              <dir> and prints one JSON line per file:
//   {"path", "ok", "defs": [{"kind", "qualname", "line", "doc", "params"}]}
//
// Definitions are named classes, interfaces, enums, records and annotation types, with their
// methods and constructors, at any depth of class bodies (local and anonymous classes are not
// API). Lines are where javac starts the declaration (its modifiers and annotations included).

import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.zip.*;
import javax.tools.*;

public class JavaDefs {
  public static void main(String[] args) throws Exception {
    try (ZipFile zip = new ZipFile(args[1])) {
      if (args[0].equals("list")) {
        List<String> names = new ArrayList<>();
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
          String name = e.nextElement().getName();
          if (name.endsWith(".java")) names.add(name);
        }
        Collections.sort(names);
        for (String name : names) System.out.println(name);
        return;
      }
      Path dir = Paths.get(args[2]);
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      StandardJavaFileManager files = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
      for (String name; (name = in.readLine()) != null; ) {
        if (name.isEmpty()) continue;
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        try (InputStream s = zip.getInputStream(zip.getEntry(name))) {
          Files.copy(s, file, StandardCopyOption.REPLACE_EXISTING);
        }
        out.println(judge(javac, files, file));
      }
      out.flush();
    }
  }

  static String judge(JavaCompiler javac, StandardJavaFileManager files, Path file)
      throws IOException {
    DiagnosticCollector<JavaFileObject> problems = new DiagnosticCollector<>();
    JavacTask task =
        (JavacTask)
            javac.getTask(
                null, files, problems, List.of("-proc:none"), null, files.getJavaFileObjects(file));
    StringBuilder defs = new StringBuilder();
    for (CompilationUnitTree unit : task.parse()) {
      Judge judge = new Judge(DocTrees.instance(task), unit, defs);
      for (Tree decl : unit.getTypeDecls())
        if (decl instanceof ClassTree) judge.type(new TreePath(new TreePath(unit), decl), "");
    }
    boolean ok = problems.getDiagnostics().stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR);
    return "{\"path\":" + json(file.toString()) + ",\"ok\":" + ok + ",\"defs\":[" + (ok ? defs : "") + "]}";
  }

  /** Writes the definitions of one compilation unit as JSON objects. */
  record Judge(DocTrees trees, CompilationUnitTree unit, StringBuilder out) {
    void type(TreePath path, String outer) {
      ClassTree tree = (ClassTree) path.getLeaf();
      String name = tree.getSimpleName().toString();
      String qualname = outer.isEmpty() ? name : outer + "." + name;
      String kind =
          switch (tree.getKind()) {
            case INTERFACE, ANNOTATION_TYPE -> "interface";
            case ENUM -> "enum";
            default -> "class";
          };
      def(path, kind, qualname, null);
      for (Tree member : tree.getMembers()) {
        TreePath at = new TreePath(path, member);
        if (member instanceof ClassTree) type(at, qualname);
        else if (member instanceof MethodTree method) {
          boolean constructor = method.getName().contentEquals("<init>");
          String own = constructor ? name : method.getName().toString();
          def(at, constructor ? "constructor" : "method", qualname + "." + own, method.getParameters());
        }
        // bodies and initialisers hold only local and anonymous classes: not API
      }
    }

    void def(TreePath path, String kind, String qualname, List<? extends VariableTree> params) {
      long start = trees.getSourcePositions().getStartPosition(unit, path.getLeaf());
      if (out.length() > 0) out.append(',');
      out.append("{\"kind\":").append(json(kind));
      out.append(",\"qualname\":").append(json(qualname));
      out.append(",\"line\":").append(unit.getLineMap().getLineNumber(start));
      out.append(",\"doc\":").append(json(trees.getDocComment(path)));
      if (params != null) {
        out.append(",\"params\":[");
        for (int i = 0; i < params.size(); i++)
          out.append(i > 0 ? "," : "").append(json(params.get(i).getName().toString()));
        out.append(']');
      }
      out.append('}');
    }
  }

  static String json(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
