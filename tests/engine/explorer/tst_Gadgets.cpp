// SPDX-License-Identifier: MIT
// The NP-hardness gadgets of docs/algorithms.md, "Exploration", "Oracles" as tests of Alt: the 3-SAT event
// structure of [P] Thm 3 searched with the Comb, and the lock-only program of [P] Thm 4 explored, then asked
// for an alternative to D = {d_1..d_m}. An alternative exists iff the formula is satisfiable.
#include "engine/explorer/Alternatives.hpp"
#include "tests/model/ExploredModel.hpp"
#include "tests/LazyVerify.hpp"

#include <QRandomGenerator>
#include <QtTest>

#include <set>


using namespace weft;
using namespace weft::model;

namespace {

struct Literal {
    int variable; ///< 0-based
    bool positive;
};
using Clause = std::vector<Literal>;

struct Formula {
    int variables = 0;
    std::vector<Clause> clauses;

    bool isSatisfiedBy(unsigned assignment) const {
        return std::all_of(clauses.begin(), clauses.end(), [&](const Clause &c) {
            return std::any_of(c.begin(), c.end(), [&](Literal l) {
                return bool((assignment >> l.variable) & 1U) == l.positive;
            });
        });
    }
    bool isSatisfiable() const {
        for (unsigned a = 0; a < (1U << variables); ++a)
            if (isSatisfiedBy(a))
                return true;
        return false;
    }
    QString toString() const {
        QStringList out;
        for (const Clause &c : clauses) {
            QStringList lits;
            for (Literal l : c)
                lits << QString("%1x%2").arg(l.positive ? "" : "!").arg(l.variable + 1);
            out << "(" + lits.join(" | ") + ")";
        }
        return out.join(" & ");
    }
};

/// docs/algorithms.md, "Oracles": φ = (x1 ∨ ¬x2 ∨ x3) ∧ (¬x1 ∨ ¬x2) ∧ (x1 ∨ ¬x3).
Formula satisfiableFormula() {
    return {
        3, {{{0, true}, {1, false}, {2, true}}, {{0, false}, {1, false}}, {{0, true}, {2, false}}}};
}
/// docs/algorithms.md, "Oracles": (x1) ∧ (¬x1).
Formula contradiction() {
    return {1, {{{0, true}}, {{0, false}}}};
}
/// Every clause over two variables: unsatisfiable, with each literal used twice.
Formula allClausesOfTwo() {
    return {2,
            {{{0, true}, {1, true}},
             {{0, false}, {1, true}},
             {{0, true}, {1, false}},
             {{0, false}, {1, false}}}};
}

Formula randomFormula(QRandomGenerator &random, int maxVariables, int maxClauses) {
    Formula f;
    f.variables = 1 + int(random.bounded(maxVariables));
    const int clauses = 1 + int(random.bounded(maxClauses));
    for (int j = 0; j < clauses; ++j) {
        Clause c;
        const int size = 1 + int(random.bounded(3));
        for (int k = 0; k < size; ++k)
            c.push_back({int(random.bounded(f.variables)), random.bounded(2) == 0});
        f.clauses.push_back(c);
    }
    return f;
}

// --- (a) the PES gadget of [P] Thm 3, at the Comb level: t_i = 2i, f_i = 2i + 1, t_i # f_i.
EventId literalEvent(Literal l) {
    return EventId(2 * l.variable + (l.positive ? 0 : 1));
}
bool pesConflict(EventId x, EventId y) {
    return x != y && x / 2 == y / 2;
}

/// The comb of D = {d_j}: spike j is #ⁱ(d_j), the events of clause j's literals; only the first
/// `spikes` clauses get one (k-partial).
Comb pesComb(const Formula &f, std::size_t spikes) {
    Comb comb;
    for (std::size_t j = 0; j < std::min(spikes, f.clauses.size()); ++j) {
        std::vector<EventId> &spike = comb.addSpike();
        for (Literal l : f.clauses[j])
            spike.push_back(literalEvent(l));
    }
    return comb;
}

/// The assignment a combination encodes (unassigned variables false); ok = false if inconsistent.
unsigned decodePes(const std::vector<EventId> &choice, bool &ok) {
    unsigned assignment = 0;
    std::set<EventId> chosen(choice.begin(), choice.end());
    ok = true;
    for (EventId x : chosen) {
        if (x % 2 == 0)
            assignment |= 1U << (x / 2);
        ok = ok && !chosen.contains(x ^ 1U);
    }
    return assignment;
}

// --- (b) the program gadget of [P] Thm 4.
constexpr int kClauseMutexBase = 100;

/// main creates t_1, f_1, ..., t_n, f_n, d_1..d_m. t_i and f_i lock l_{v_i} (never released: the
/// winner fixes x_i), then create r_{i,j} for each clause c_j in which their literal occurs; d_j
/// and each r_{i,j} lock l_{c_j}.
class SatGadget final : public ModelProgram {
public:
    explicit SatGadget(Formula f) : m_formula(std::move(f)) {}
    std::string name() const override { return "sat-gadget " + m_formula.toString().toStdString(); }

    ModelTask main(ModelThread &self) override {
        for (int i = 0; i < m_formula.variables; ++i)
            for (bool value : {true, false})
                co_await self.create(
                    [this, i, value](ModelThread &t) { return literal(t, i, value); });
        for (std::size_t j = 0; j < m_formula.clauses.size(); ++j)
            co_await self.create([j](ModelThread &t) { return clause(t, j); });
    }

private:
    ModelTask literal(ModelThread &self, int variable, bool value) {
        co_await self.lock(1 + variable);
        for (std::size_t j = 0; j < m_formula.clauses.size(); ++j)
            for (Literal l : m_formula.clauses[j])
                if (l.variable == variable && l.positive == value)
                    co_await self.create([j](ModelThread &t) { return clause(t, j); });
    }
    static ModelTask clause(ModelThread &self, std::size_t j) {
        co_await self.lock(kClauseMutexBase + int(j));
    }

    Formula m_formula;
};

/// The explored gadget with C (main's start and creates, and every created thread's start) and
/// D (the root locks of the d_j, in clause order).
struct GadgetSetting {
    Configuration c;
    std::vector<EventId> cEvents;
    std::vector<EventId> d;
    std::vector<ThreadId> literalThreads; ///< t_1, f_1, t_2, f_2, ...
};

EventId onlySuccessor(const Unfolding &u, EventId e, ThreadId t = kNoThread) {
    const std::vector<EventId> next = u.threadSuccessors(e, t);
    return next.size() == 1 ? next[0] : kNoEvent;
}

} // namespace

class tst_Gadgets : public QObject {
    Q_OBJECT
private slots:
    void pesSatisfiable();
    void pesUnsatisfiable();
    void pesRandomFormulas();
    void programGadget_data();
    void programGadget();
    void programGadgetPartialClue();
    void programGadgetRandomFormulas();

private:
    /// Builds C and D on the explored gadget; fails the test if the unfolding lacks an event.
    void buildSetting(ExploredModel &explored, const Formula &f, GadgetSetting &s);
    /// Asks optimal Alt for an alternative and checks it against φ; returns whether one was found.
    void checkOptimal(const Formula &f, bool &found);
};

void tst_Gadgets::pesSatisfiable() {
    const Formula f = satisfiableFormula();
    const Comb comb = pesComb(f, f.clauses.size());
    std::vector<EventId> choice;
    QVERIFY(comb.findCombination(pesConflict, choice));
    QCOMPARE(choice.size(), f.clauses.size());
    bool consistent = false;
    const unsigned assignment = decodePes(choice, consistent);
    QVERIFY(consistent);
    QVERIFY(f.isSatisfiedBy(assignment));
}

void tst_Gadgets::pesUnsatisfiable() {
    const Formula f = contradiction();
    std::vector<EventId> choice;
    // Optimal: a spike per D-event; no alternative.
    QVERIFY(!pesComb(f, f.clauses.size()).findCombination(pesConflict, choice));
    // 1-partial: a single spike yields a clue ({t1} or {f1}) that is no alternative.
    QVERIFY(pesComb(f, 1).findCombination(pesConflict, choice));
    QCOMPARE(choice.size(), std::size_t(1));
    QVERIFY(choice[0] == literalEvent({0, true}) || choice[0] == literalEvent({0, false}));
    QVERIFY(!pesComb(allClausesOfTwo(), 4).findCombination(pesConflict, choice));
    QVERIFY(pesComb(allClausesOfTwo(), 3).findCombination(pesConflict, choice));
}

void tst_Gadgets::pesRandomFormulas() {
    QRandomGenerator random(7);
    int satisfiable = 0;
    for (int n = 0; n < 1000; ++n) {
        const Formula f = randomFormula(random, 5, 12);
        std::vector<EventId> choice;
        const bool found = pesComb(f, f.clauses.size()).findCombination(pesConflict, choice);
        WEFT_VERIFY(found == f.isSatisfiable(), f.toString());
        if (!found)
            continue;
        ++satisfiable;
        bool consistent = false;
        const unsigned assignment = decodePes(choice, consistent);
        WEFT_VERIFY(consistent && f.isSatisfiedBy(assignment), f.toString());
    }
    QVERIFY(satisfiable > 100 && satisfiable < 900);
}

void tst_Gadgets::buildSetting(ExploredModel &explored, const Formula &f, GadgetSetting &s) {
    const Unfolding &u = explored.unfolding();
    auto fire = [&](EventId e) {
        s.c.fire(u, e);
        s.cEvents.push_back(e);
    };
    // Main's chain: start, then one create per thread (main never blocks: one event per step).
    EventId e = onlySuccessor(u, kNoEvent, ThreadNaming::kMain);
    QVERIFY(e != kNoEvent);
    fire(e);
    const std::size_t threads = std::size_t(2 * f.variables) + f.clauses.size();
    for (std::size_t k = 0; k < threads; ++k) {
        e = onlySuccessor(u, e);
        QVERIFY(e != kNoEvent && u.event(e).kind() == ActionKind::ThreadCreate);
        fire(e);
    }
    for (std::uint32_t k = 0; k < threads; ++k) {
        const ThreadId t = explored.naming().childOf(ThreadNaming::kMain, k);
        const EventId start = onlySuccessor(u, kNoEvent, t);
        QVERIFY(start != kNoEvent && u.event(start).kind() == ActionKind::ThreadStart);
        fire(start);
        if (k < std::uint32_t(2 * f.variables)) {
            s.literalThreads.push_back(t);
            continue;
        }
        // d_j: its only acquisition is a root of l_{c_j} (nothing is ever released).
        const EventId lock = onlySuccessor(u, start);
        QVERIFY(lock != kNoEvent && u.event(lock).isLock() && u.event(lock).otherPred == kNoEvent);
        QCOMPARE(u.event(lock).action.object, ObjectId(kClauseMutexBase) + (k - 2 * f.variables));
        s.d.push_back(lock);
    }
}

void tst_Gadgets::checkOptimal(const Formula &f, bool &found) {
    ExploredModel explored(std::make_unique<SatGadget>(f), {});
    QVERIFY(explored.result().isComplete());
    QCOMPARE(explored.result().statistics.sleepSetBlocked, std::uint64_t(0));
    GadgetSetting s;
    buildSetting(explored, f, s);
    if (QTest::currentTestFailed())
        return;
    const Unfolding &u = explored.unfolding();
    Disset d;
    for (EventId x : s.d)
        d.add(x, std::uint32_t(s.cEvents.size()));
    Alternatives alt(AltPolicy::optimal());
    const std::optional<Configuration> j = alt.find(u, s.c, d);
    found = j.has_value();
    WEFT_VERIFY(found == f.isSatisfiable(), f.toString());
    if (!j)
        return;
    // J ⊇ C, J ∩ D = ∅, and J conflicts with every d_j (an alternative, not just a clue).
    for (EventId x : s.cEvents)
        WEFT_VERIFY(j->contains(u, x), f.toString());
    for (EventId x : s.d) {
        WEFT_VERIFY(!j->contains(u, x), f.toString());
        WEFT_VERIFY(j->conflictsWith(u, x), f.toString());
    }
    // The combination picks, per clause, an r_{i,j} whose creator's literal is in that clause;
    // together they are a consistent partial assignment satisfying φ.
    const std::vector<EventId> &choice = alt.lastCombination();
    QCOMPARE(choice.size(), f.clauses.size());
    std::vector<int> value(std::size_t(f.variables), -1);
    std::set<std::size_t> satisfied;
    for (EventId x : choice) {
        const Event &ev = u.event(x);
        QVERIFY(ev.isLock());
        const std::size_t clause = std::size_t(ev.action.object) - kClauseMutexBase;
        const ThreadId creator = explored.naming().parentOf(ev.thread());
        const auto it = std::find(s.literalThreads.begin(), s.literalThreads.end(), creator);
        WEFT_VERIFY(it != s.literalThreads.end(), f.toString());
        const auto index = std::size_t(it - s.literalThreads.begin());
        const Literal l{int(index / 2), index % 2 == 0};
        WEFT_VERIFY(value[std::size_t(l.variable)] != int(!l.positive), f.toString());
        value[std::size_t(l.variable)] = int(l.positive);
        const Clause &c = f.clauses[clause];
        WEFT_VERIFY(std::any_of(c.begin(), c.end(),
                                [&](Literal m) {
                                    return m.variable == l.variable && m.positive == l.positive;
                                }),
                    f.toString());
        satisfied.insert(clause);
    }
    QCOMPARE(satisfied.size(), f.clauses.size());
}

void tst_Gadgets::programGadget_data() {
    QTest::addColumn<int>("formula");
    QTest::addColumn<bool>("satisfiable");
    QTest::addRow("(x1|!x2|x3)&(!x1|!x2)&(x1|!x3)") << 0 << true;
    QTest::addRow("(x1)&(!x1)") << 1 << false;
    QTest::addRow("all 2-clauses over x1,x2") << 2 << false;
}

void tst_Gadgets::programGadget() {
    QFETCH(int, formula);
    QFETCH(bool, satisfiable);
    const Formula f = formula == 0   ? satisfiableFormula()
                      : formula == 1 ? contradiction()
                                     : allClausesOfTwo();
    bool found = false;
    checkOptimal(f, found);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(found, satisfiable);
}

void tst_Gadgets::programGadgetPartialClue() {
    // (x1) ∧ (¬x1): 1-partial Alt answers with a clue that conflicts with the last d only.
    const Formula f = contradiction();
    ExploredModel explored(std::make_unique<SatGadget>(f), {});
    QVERIFY(explored.result().isComplete());
    GadgetSetting s;
    buildSetting(explored, f, s);
    if (QTest::currentTestFailed())
        return;
    const Unfolding &u = explored.unfolding();
    Disset d;
    for (EventId x : s.d)
        d.add(x, std::uint32_t(s.cEvents.size()));
    Alternatives alt(AltPolicy::kPartial(1));
    const std::optional<Configuration> j = alt.find(u, s.c, d);
    QVERIFY(j.has_value());
    QVERIFY(j->conflictsWith(u, s.d.back()));
    QVERIFY(!j->conflictsWith(u, s.d.front()));
    QVERIFY(!Alternatives(AltPolicy::optimal()).find(u, s.c, d));
}

void tst_Gadgets::programGadgetRandomFormulas() {
    QRandomGenerator random(11);
    int satisfiable = 0, total = 0;
    for (; total < 100; ++total) {
        const Formula f = randomFormula(random, 4, 5);
        bool found = false;
        checkOptimal(f, found);
        if (QTest::currentTestFailed())
            return;
        satisfiable += found;
    }
    QVERIFY(satisfiable > 0 && satisfiable < total);
}

QTEST_APPLESS_MAIN(tst_Gadgets)
#include "tst_Gadgets.moc"
