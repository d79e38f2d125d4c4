// SPDX-License-Identifier: MIT
// `weft dap` (app/dap) driven through pipes: the protocol's errors (malformed messages, unknown
// commands, requests out of order, bad arguments, a program that does not compile, a vanished client)
// and every request on real programs, with values from the programs' own semantics: lost_update's
// assertion fails with x == 1 after both threads read 0, deadlock_abba's threads wait for each other's
// mutex, and the executions match tests/programs/lost_update/expected.json.
#include "tests/app/dap/DapPipeClient.hpp"

#include <QtTest>

#include <fstream>
#include <set>

using weft::dap::Json;
using weft::dap::test::DapPipeClient;

namespace {

const std::string kPrograms = WEFT_TEST_PROGRAMS;
const std::string kExamples = WEFT_EXAMPLES_DIR;
const std::string kLostUpdate = kPrograms + "/lost_update/lost_update.c";

/// The 1-based line of `lost_update.c` that contains `text`.
std::uint32_t lineOf(const std::string &file, const std::string &text) {
    std::ifstream in(file);
    std::string line;
    for (std::uint32_t n = 1; std::getline(in, line); ++n)
        if (line.find(text) != std::string::npos)
            return n;
    return 0;
}

bool failed(const Json &response, int errorId) {
    return response.value("success", true) == false && response["body"]["error"]["id"] == errorId;
}

/// initialize + launch + configurationDone; returns the first stopped event's body.
Json launchAndStop(DapPipeClient &c, const Json &launch, const Json &filters = nullptr) {
    const Json init = c.call("initialize", {{"adapterID", "weft"}, {"supportsProgressReporting", true}});
    if (!init["success"].get<bool>())
        return init;
    const Json launched = c.call("launch", launch);
    if (!launched["success"].get<bool>())
        return launched;
    c.event("initialized");
    if (!filters.is_null())
        c.call("setExceptionBreakpoints", {{"filters", filters}});
    c.call("configurationDone");
    return c.event("stopped")["body"];
}

/// initialize + launch of LPAIRS(4,3) (tests/programs/lock_pairs): 160,000 executions, no defect.
void launchLongExploration(DapPipeClient &c) {
    c.call("initialize", {{"supportsProgressReporting", true}});
    c.call("launch", {{"program", kPrograms + "/lock_pairs/lock_pairs.c"}, {"defines", {"PARAM1=4", "PARAM2=3"}}});
}

/// The element of `list` (variables, scopes) called `name`, or null.
Json named(const Json &list, const std::string &name) {
    for (const Json &item : list)
        if (item["name"] == name)
            return item;
    return nullptr;
}

Json variableNamed(DapPipeClient &c, std::int64_t reference, const std::string &name) {
    return named(c.call("variables", {{"variablesReference", reference}})["body"]["variables"], name);
}

Json scopeNamed(DapPipeClient &c, std::int64_t frameId, const std::string &name) {
    return named(c.call("scopes", {{"frameId", frameId}})["body"]["scopes"], name);
}

Json topFrame(DapPipeClient &c, std::int64_t threadId) {
    return c.call("stackTrace", {{"threadId", threadId}})["body"]["stackFrames"][0];
}

} // namespace

class tst_DapServer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void malformedMessages();
    void requestsOutOfOrder();
    void launchErrors();
    void counterexample();
    void breakpointsAndLineSteps();
    void customRequests();
    void deadlock();
    void structsAndArraysExpand();
    void noDefectStopsAtEntry();
    void vanishedClientMidExploration();
    void terminateThenDisconnect();
    void pauseStopsAtTheFirstExecution();
    void protocolLog();
};

void tst_DapServer::malformedMessages() {
    DapPipeClient c;
    c.sendBody("{not json");
    Json r = c.next();
    QVERIFY(failed(r, 1));
    QCOMPARE(r["request_seq"], 0);
    QCOMPARE(r["message"], "malformed message: the body is not JSON");
    c.sendBody("[1, 2]");
    QVERIFY(failed(c.next(), 1));
    c.sendBody(R"({"seq": 7, "type": "request"})"); // no command
    r = c.next();
    QVERIFY(failed(r, 1));
    QCOMPARE(r["request_seq"], 7);
    c.sendBody(R"({"seq": "8", "type": "request", "command": "threads"})"); // seq not an integer
    QVERIFY(failed(c.next(), 1));
    c.sendRaw("Content-Type: nothing\r\n\r\n");
    r = c.next();
    QVERIFY(failed(r, 1));
    QCOMPARE(r["message"], "malformed message: a message header without Content-Length");
    // The server still answers properly framed requests.
    r = c.call("initialize", {{"adapterID", "weft"}});
    QCOMPARE(r["success"], true);
    r = c.call("initialize", {{"arguments", 3}});
    QVERIFY(failed(r, 3));
    c.sendBody(R"({"seq": 90, "type": "request", "command": "threads", "arguments": 5})");
    QVERIFY(failed(c.response(90), 4)); // arguments must be an object
    QVERIFY(failed(c.call("frobnicate"), 2));
    QCOMPARE(c.call("frobnicate")["message"], "unknown command 'frobnicate'");
    c.closeInput();
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::requestsOutOfOrder() {
    DapPipeClient c;
    Json r = c.call("stackTrace", {{"threadId", 1}});
    QVERIFY(failed(r, 3));
    QCOMPARE(r["message"], "the first request must be 'initialize', not 'stackTrace'");
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}}), 3));
    QCOMPARE(c.call("initialize")["success"], true);
    for (const char *command : {"next", "stepBack", "continue", "stackTrace", "variables", "weft/executions"}) {
        r = c.call(command);
        QVERIFY2(failed(r, 3), command);
        QCOMPARE(r["message"], std::string("'") + command + "' needs a launched program: send 'launch' first");
    }
    QVERIFY(failed(c.call("attach"), 3));
    // Before the first stop: the state requests say why they cannot answer yet.
    QCOMPARE(c.call("launch", {{"program", kLostUpdate}})["success"], true);
    r = c.call("stackTrace", {{"threadId", 1}});
    QVERIFY(failed(r, 3) || r["success"] == true); // stopped already if the exploration was very fast
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}}), 3)); // twice
    QCOMPARE(c.call("disconnect")["success"], true);
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::launchErrors() {
    DapPipeClient c;
    c.call("initialize");
    Json r = c.call("launch");
    QVERIFY(failed(r, 4));
    QCOMPARE(r["message"], "argument 'program' is missing");
    r = c.call("launch", {{"program", kLostUpdate}, {"policy", "k-partial 0"}});
    QVERIFY(failed(r, 4));
    QVERIFY(r["message"].get<std::string>().starts_with("'policy' must be"));
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}, {"model", "tso"}}), 4));
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}, {"defines", "N=1"}}), 4));
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}, {"maxExecutions", 0}}), 4));
    QVERIFY(failed(c.call("launch", {{"program", kLostUpdate}, {"nondet", "sometimes"}}), 4));
    // A program that does not compile: Clang's diagnostics with file:line:column in the message.
    QTemporaryDir dir;
    const std::string broken = dir.filePath("broken.c").toStdString();
    std::ofstream(broken) << "int main(void)\n{\n    return undeclared_variable;\n}\n";
    r = c.call("launch", {{"program", broken}});
    QVERIFY(failed(r, 5));
    const std::string message = r["message"];
    QVERIFY2(message.find("broken.c:3:12: error: use of undeclared identifier 'undeclared_variable'") != std::string::npos,
             message.c_str());
    QCOMPARE(r["body"]["error"]["showUser"], true);
    r = c.call("launch", {{"program", dir.filePath("missing.c").toStdString()}});
    QVERIFY(failed(r, 5));
    // After failed launches a good one works.
    QCOMPARE(c.call("launch", {{"program", kLostUpdate}})["success"], true);
    c.event("initialized");
    c.closeInput();
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::counterexample() {
    DapPipeClient c;
    const Json stopped = launchAndStop(c, {{"program", kLostUpdate}});
    QCOMPARE(stopped["reason"], "exception");
    QCOMPARE(stopped["text"], "assertion failure");
    QVERIFY(stopped["description"].get<std::string>().find("x == 2") != std::string::npos);
    QCOMPARE(stopped["threadId"], 1); // T0, main, raised it

    const Json threads = c.call("threads")["body"]["threads"];
    QCOMPARE(threads.size(), 3u);
    QVERIFY(threads[0]["name"].get<std::string>().starts_with("T0 (stopped: "));
    QCOMPARE(threads[1]["name"], "T1 (finished)");
    QCOMPARE(threads[2]["id"], 3);

    const std::uint32_t assertLine = lineOf(kLostUpdate, "assert(x == 2)");
    const Json trace = c.call("stackTrace", {{"threadId", 1}})["body"];
    QCOMPARE(trace["stackFrames"][0]["name"], "main");
    QCOMPARE(trace["stackFrames"][0]["line"], assertLine);
    QCOMPARE(trace["stackFrames"][0]["source"]["name"], "lost_update.c");
    const std::int64_t frame = trace["stackFrames"][0]["id"];
    const Json x = variableNamed(c, scopeNamed(c, frame, "Globals")["variablesReference"], "x");
    QCOMPARE(x["value"], "1"); // the lost update
    QCOMPARE(x["type"], "int");
    QCOMPARE(c.call("evaluate", {{"expression", "x"}, {"frameId", frame}})["body"]["result"], "1");
    QVERIFY(failed(c.call("evaluate", {{"expression", "nosuch"}}), 6));
    QVERIFY(failed(c.call("scopes", {{"frameId", 999}}), 6));
    QVERIFY(failed(c.call("variables", {{"variablesReference", 999}}), 6));
    QVERIFY(failed(c.call("stackTrace", {{"threadId", 77}}), 6));
    const Json info = c.call("exceptionInfo", {{"threadId", 1}})["body"];
    QCOMPARE(info["exceptionId"], "assertion failure");
    QCOMPARE(info["breakMode"], "always");
    // The program's output so far arrived as an output event.
    bool printed = false;
    for (const Json &m : c.kept())
        printed = printed || (m.value("event", "") == "output" && m["body"]["category"] == "stdout" &&
                              m["body"]["output"] == "x = 1\n");
    QVERIFY(printed);

    const Json source = c.call("source", {{"source", {{"path", kLostUpdate}}}})["body"];
    QVERIFY(source["content"].get<std::string>().find("assert(x == 2);") != std::string::npos);
    QVERIFY(failed(c.call("source", {{"sourceReference", 3}}), 6));

    // Step back: before the last event; the threads are alive again; next returns to the defect.
    QCOMPARE(c.call("stepBack")["success"], true);
    QCOMPARE(c.event("stopped")["body"]["reason"], "step");
    QVERIFY(failed(c.call("exceptionInfo", {{"threadId", 1}}), 6));
    QCOMPARE(c.call("next")["success"], true);
    QCOMPARE(c.event("stopped")["body"]["reason"], "exception");
    QCOMPARE(topFrame(c, 1)["line"], assertLine);
    // At the end next stays there and says so again.
    c.call("next");
    QCOMPARE(c.event("stopped")["body"]["reason"], "exception");

    // reverseContinue without breakpoints: to the start, where only main exists.
    c.call("reverseContinue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "entry");
    QCOMPARE(c.call("threads")["body"]["threads"].size(), 1u);
    QCOMPARE(c.call("stepBack")["success"], true); // at the start: stays there
    QCOMPARE(c.event("stopped")["body"]["reason"], "entry");
    // continue without breakpoints: to the failing step.
    c.call("continue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "exception");
    QCOMPARE(c.call("pause")["success"], true); // stopped already: nothing to do
    QCOMPARE(c.call("cancel", {{"requestId", 3}})["success"], true);
    QCOMPARE(c.call("disconnect")["success"], true);
    QCOMPARE(c.wait(), 0);
    QVERIFY(c.outputEnded());
}

void tst_DapServer::breakpointsAndLineSteps() {
    DapPipeClient c;
    const std::uint32_t writeLine = lineOf(kLostUpdate, "x = tmp + 1");
    const std::uint32_t readLine = lineOf(kLostUpdate, "int tmp = x");
    c.call("initialize");
    c.call("launch", {{"program", kLostUpdate}, {"stopOnEntry", true}});
    c.event("initialized");
    Json set = c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}},
                                         {"breakpoints", {{{"line", writeLine}}, {{"line", readLine}, {"condition", "x >"}}}}});
    QCOMPARE(set["body"]["breakpoints"][0]["verified"], true);
    QCOMPARE(set["body"]["breakpoints"][1]["verified"], false); // not a supported condition
    set = c.call("setBreakpoints", {{"source", {{"path", "/nonexistent/other.c"}}}, {"breakpoints", {{{"line", 3}}}}});
    QCOMPARE(set["body"]["breakpoints"][0]["verified"], false);
    QVERIFY(failed(c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}}, {"breakpoints", {{{"line", "x"}}}}}), 4));
    c.call("configurationDone");
    const Json entry = c.event("stopped")["body"];
    QCOMPARE(entry["reason"], "entry");
    // Both threads reach the write with the stale tmp == 0, then the run ends at the defect.
    std::set<std::int64_t> threads;
    for (int i = 0; i < 2; ++i) {
        c.call("continue");
        const Json hit = c.event("stopped")["body"];
        QCOMPARE(hit["reason"], "breakpoint");
        const Json top = topFrame(c, hit["threadId"]);
        QCOMPARE(top["line"], writeLine);
        QCOMPARE(top["name"], "increment");
        QCOMPARE(variableNamed(c, scopeNamed(c, top["id"], "Locals")["variablesReference"], "tmp")["value"], "0");
        QCOMPARE(c.call("evaluate", {{"expression", "tmp"}, {"frameId", top["id"]}})["body"]["result"], "0");
        threads.insert(hit["threadId"].get<std::int64_t>());
    }
    QCOMPARE(threads, (std::set<std::int64_t>{2, 3}));
    c.call("continue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "exception");
    // Conditions: tmp == 0 holds at both hits, tmp != 0 at none.
    c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}}, {"breakpoints", {{{"line", writeLine}, {"condition", "tmp != 0"}}}}});
    c.call("reverseContinue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "entry");
    c.call("continue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "exception");
    // reverseContinue stops where a thread stands before an event on a breakpoint line (its lock).
    const std::uint32_t lockLine = readLine - 1; // the first pthread_mutex_lock(&m) of increment
    c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}}, {"breakpoints", {{{"line", lockLine}}}}});
    c.call("reverseContinue");
    const Json back = c.event("stopped")["body"];
    QCOMPARE(back["reason"], "breakpoint");
    QCOMPARE(topFrame(c, back["threadId"])["line"], lockLine);

    // Line steps: stepIn moves the running thread one line; stepOut leaves increment for its caller.
    c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}}, {"breakpoints", Json::array()}});
    c.call("reverseContinue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "entry");
    c.call("setBreakpoints", {{"source", {{"path", kLostUpdate}}}, {"breakpoints", {{{"line", readLine}}}}});
    c.call("continue");
    const Json atRead = c.event("stopped")["body"];
    QCOMPARE(atRead["reason"], "breakpoint");
    c.call("stepIn");
    const Json stepped = c.event("stopped")["body"];
    QCOMPARE(stepped["reason"], "step");
    QCOMPARE(stepped["threadId"], atRead["threadId"]);
    QCOMPARE(topFrame(c, stepped["threadId"])["line"], readLine + 1);
    c.call("stepOut");
    QCOMPARE(c.event("stopped")["body"]["reason"], "step");
    c.call("disconnect");
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::customRequests() {
    DapPipeClient c;
    launchAndStop(c, {{"program", kLostUpdate}});
    c.event("progressEnd"); // the whole exploration is known from here on
    // tests/programs/lost_update/expected.json: 6 maximal configurations, 71 events, 4 failing.
    const Json list = c.call("weft/executions")["body"];
    QCOMPARE(list["total"], 6);
    QCOMPARE(list["finished"], true);
    QCOMPARE(list["statistics"]["events"], 71);
    int failing = 0;
    std::uint64_t passing = 0;
    for (const Json &e : list["executions"]) {
        failing += e["leaf"] == "defect";
        // expected.json's only defect kind, on every failing leaf; none on the others.
        QCOMPARE(e.value("defectKind", std::string()), std::string(e["leaf"] == "defect" ? "assertion failure" : ""));
        if (e["leaf"] == "maximal" && !passing)
            passing = e["execution"];
    }
    QCOMPARE(failing, 4);
    QCOMPARE(c.call("weft/executions", {{"start", 4}, {"count", 10}})["body"]["executions"].size(), 2u);
    QVERIFY(failed(c.call("weft/selectExecution", {{"execution", 99}}), 6));
    QVERIFY(failed(c.call("weft/selectExecution"), 4));

    const Json loaded = c.call("weft/selectExecution", {{"execution", passing}})["body"];
    QCOMPARE(loaded["execution"], passing);
    QCOMPARE(c.event("stopped")["body"]["reason"], "entry");
    c.call("continue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "end");
    QCOMPARE(c.call("evaluate", {{"expression", "x"}})["body"]["result"], "2");

    const Json structure = c.call("weft/eventStructure")["body"];
    QCOMPARE(structure["totalEvents"], 71);
    QCOMPARE(structure["events"].size(), 71u);
    QCOMPARE(structure["truncated"], false);
    QCOMPARE(structure["execution"].size(), std::size_t(loaded["events"]));
    QVERIFY(!structure.contains("next")); // at the end
    for (const Json &pair : structure["conflicts"])
        QVERIFY(pair[0] < pair[1] && pair[1] < 71);

    // A step with an alternative; exploring with it makes it the next event.
    c.call("reverseContinue");
    c.event("stopped");
    Json chosen;
    for (std::size_t step = 0; step < structure["execution"].size() && chosen.is_null(); ++step) {
        const Json alt = c.call("weft/alternatives", {{"step", step}})["body"];
        QCOMPARE(alt["event"]["id"], structure["execution"][step]);
        if (!alt["alternatives"].empty())
            chosen = alt["alternatives"][0];
    }
    QVERIFY(!chosen.is_null());
    QVERIFY(chosen["thread"] != Json()); // another thread's event (or the same thread's in another run)
    const Json with = c.call("weft/exploreWith", {{"event", chosen["id"]}})["body"];
    QVERIFY(with["events"].get<int>() > 0);
    QCOMPARE(c.event("stopped")["body"]["reason"], "goto");
    QCOMPARE(c.call("weft/eventStructure", {{"maxEvents", 5}})["body"]["next"], chosen["id"]);
    QCOMPARE(c.call("weft/eventStructure", {{"maxEvents", 5}})["body"]["events"].size(), 5u);
    QVERIFY(failed(c.call("weft/exploreWith", {{"event", 100000}}), 6));
    QVERIFY(failed(c.call("weft/alternatives", {{"step", -1}}), 4));
    c.call("disconnect");
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::deadlock() {
    DapPipeClient c;
    const std::string file = kExamples + "/deadlock_abba.c";
    const Json stopped = launchAndStop(c, {{"program", file}});
    QCOMPARE(stopped["reason"], "exception");
    QCOMPARE(stopped["text"], "deadlock");
    int blocked = 0;
    const Json threads = c.call("threads")["body"]["threads"];
    for (const Json &t : threads)
        blocked += t["name"].get<std::string>().find("(blocked: lock '") != std::string::npos;
    QCOMPARE(blocked, 2); // each waits for the mutex the other holds
    QCOMPARE(c.call("exceptionInfo", {{"threadId", stopped["threadId"]}})["body"]["exceptionId"], "deadlock");
    c.closeInput();
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::structsAndArraysExpand() {
    // variables_shapes.c: its initialisers at the start, the worker's writes at the end.
    DapPipeClient c;
    const Json entry = launchAndStop(c, {{"program", kPrograms + "/variables_shapes/variables_shapes.c"}});
    QCOMPARE(entry["reason"], "entry"); // no defect
    const std::int64_t frame = topFrame(c, 1)["id"];
    const std::int64_t globals = scopeNamed(c, frame, "Globals")["variablesReference"];
    const Json box = variableNamed(c, globals, "box");
    QCOMPARE(box["type"], "struct shape");
    QCOMPARE(box["namedVariables"], 3);
    const Json corner = variableNamed(c, box["variablesReference"], "corner");
    QCOMPARE(variableNamed(c, corner["variablesReference"], "y")["value"], "2");
    const Json primes = variableNamed(c, globals, "primes");
    QCOMPARE(primes["indexedVariables"], 5);
    std::vector<std::string> values;
    const Json elements = c.call("variables", {{"variablesReference", primes["variablesReference"]}})["body"]["variables"];
    for (const Json &e : elements)
        values.push_back(e["name"].get<std::string>() + "=" + e["value"].get<std::string>());
    QCOMPARE(values, (std::vector<std::string>{"[0]=2", "[1]=3", "[2]=5", "[3]=7", "[4]=11"}));
    // A 1000-element array: the first 100 elements, then a row saying how many more there are.
    const Json big = c.call("variables", {{"variablesReference", variableNamed(c, globals, "big")["variablesReference"]}});
    QCOMPARE(big["body"]["variables"].size(), 101u);
    QCOMPARE(big["body"]["variables"][100]["value"], "900 more not shown");
    const Json page = c.call("variables", {{"variablesReference", variableNamed(c, globals, "primes")["variablesReference"]},
                                           {"start", 3}, {"count", 1}});
    QCOMPARE(page["body"]["variables"].size(), 1u);
    QCOMPARE(page["body"]["variables"][0]["value"], "7");
    QCOMPARE(c.call("evaluate", {{"expression", "path[2].y"}})["body"]["result"], "4");
    QCOMPARE(c.call("evaluate", {{"expression", "grid[1][2]"}})["body"]["result"], "6");
    c.call("continue");
    QCOMPARE(c.event("stopped")["body"]["reason"], "end");
    QCOMPARE(c.call("evaluate", {{"expression", "box.corner.y"}})["body"]["result"], "7");
    QCOMPARE(c.call("evaluate", {{"expression", "grid [1] [2]"}})["body"]["result"], "60");
    QCOMPARE(c.call("evaluate", {{"expression", "counter.count"}})["body"]["result"], "3");
    QVERIFY(failed(c.call("evaluate", {{"expression", "box.corner.z"}}), 6));
    QVERIFY(failed(c.call("evaluate", {{"expression", "primes[1"}}), 6));
    c.closeInput();
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::noDefectStopsAtEntry() {
    // With no exception filter selected, defects do not stop: at the end, execution 1 at its start.
    DapPipeClient c;
    const Json stopped = launchAndStop(c, {{"program", kLostUpdate}}, Json::array());
    QCOMPARE(stopped["reason"], "entry");
    QCOMPARE(c.call("weft/executions")["body"]["loaded"], 1);
    QVERIFY(failed(c.call("setExceptionBreakpoints", {{"filters", {"no-such-kind"}}}), 4));
    c.closeInput();
    QCOMPARE(c.wait(), 0);

    // Run Without Debugging: the summary, then terminated.
    DapPipeClient run;
    run.call("initialize");
    run.call("launch", {{"program", kLostUpdate}, {"noDebug", true}});
    run.call("configurationDone");
    run.event("terminated");
    bool summary = false;
    for (const Json &m : run.kept()) {
        QVERIFY(m.value("event", "") != "stopped");
        summary = summary || (m.value("event", "") == "output" &&
                              m["body"]["output"].get<std::string>().starts_with("weft: 1 defect, 6 maximal configurations"));
    }
    QVERIFY(summary);
    run.call("disconnect");
    QCOMPARE(run.wait(), 0);
}

void tst_DapServer::vanishedClientMidExploration() {
    // The client goes away while the 160,000 executions are explored.
    DapPipeClient c;
    launchLongExploration(c);
    c.call("configurationDone");
    c.event("progressStart");
    c.closeInput();
    QCOMPARE(c.wait(), 0); // the worker was cancelled and joined
}

void tst_DapServer::terminateThenDisconnect() {
    DapPipeClient c;
    launchLongExploration(c);
    c.event("progressStart");
    QCOMPARE(c.call("cancel", {{"progressId", "weft-explore"}})["success"], true);
    const Json end = c.event("progressEnd")["body"];
    QVERIFY2(end["message"].get<std::string>().find("(incomplete: cancelled)") != std::string::npos,
             end["message"].get<std::string>().c_str());
    QCOMPARE(c.call("terminate")["success"], true);
    c.event("terminated");
    QCOMPARE(c.call("disconnect")["success"], true);
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::pauseStopsAtTheFirstExecution() {
    // No defect in 160,000 executions: pause stops at the first one while the exploration goes on.
    DapPipeClient c;
    launchLongExploration(c);
    c.call("configurationDone");
    QCOMPARE(c.call("pause")["success"], true);
    const Json stopped = c.event("stopped")["body"];
    QCOMPARE(stopped["reason"], "pause");
    QCOMPARE(stopped["description"], "Execution 1, at its start");
    QCOMPARE(c.call("weft/executions", {{"count", 1}})["body"]["loaded"], 1);
    QCOMPARE(c.call("next")["success"], true); // the replay works while the worker explores
    QCOMPARE(c.event("stopped")["body"]["reason"], "step");
    c.call("disconnect");
    QCOMPARE(c.wait(), 0);
}

void tst_DapServer::protocolLog() {
    std::vector<std::string> lines;
    {
        DapPipeClient c([&](const std::string &line) { lines.push_back(line); });
        c.call("initialize");
        c.sendBody("oops");
        c.next();
        c.closeInput();
        QCOMPARE(c.wait(), 0);
    }
    QVERIFY(lines.size() >= 4);
    QVERIFY(lines[0].starts_with("<- {\"arguments\""));
    QVERIFY(lines[1].starts_with("-> {") && lines[1].find("\"supportsStepBack\":true") != std::string::npos);
    QCOMPARE(lines[2], "<- oops");
    QCOMPARE(lines.back(), "!! end of input: the client is gone");
}

QTEST_APPLESS_MAIN(tst_DapServer)
#include "tst_DapServer.moc"
