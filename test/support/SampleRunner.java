import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;

/**
 * Runs the main of each class named on the command line in turn, in this one JVM, and prints
 * what each printed after a line naming it and how it ended ("ok", or "failed" with the stack
 * trace). Used by test/docs-samples.test.ts to run every Java sample of the reference without
 * starting a JVM per sample.
 */
public class SampleRunner {
  public static void main(String[] args) {
    PrintStream out = System.out;
    for (String name : args) {
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      PrintStream stream = new PrintStream(captured, true, StandardCharsets.UTF_8);
      String outcome = "ok";
      System.setOut(stream);
      try {
        Class.forName(name).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
      } catch (InvocationTargetException e) {
        outcome = "failed";
        e.getCause().printStackTrace(stream);
      } catch (ReflectiveOperationException | RuntimeException e) {
        outcome = "failed";
        e.printStackTrace(stream);
      } finally {
        System.setOut(out);
      }
      out.println("@@ sample " + name + " " + outcome);
      out.println(new String(captured.toByteArray(), StandardCharsets.UTF_8));
    }
  }
}
