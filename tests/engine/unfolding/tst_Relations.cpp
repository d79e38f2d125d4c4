// SPDX-License-Identifier: MIT
// Causality and conflict queries against their definitions (docs/algorithms.md, "Events and the unfolding",
// "Causality and conflict", "Oracles"), on the unfoldings of random programs and of the fixed oracles: loc(e)
// is computed explicitly from the predecessor links, and a set is a configuration iff it is causally closed
// and the events of each thread and of each mutex form chains, and (the sc model) every two dependent events
// in it (engine/action/Dependence.hpp) are ordered.
#include "engine/action/Dependence.hpp"
#include "engine/unfolding/ImmediateConflicts.hpp"
#include "tests/LazyVerify.hpp"
#include "tests/model/ExploredModel.hpp"
#include "tests/model/Programs.hpp"
#include "tests/model/RandomProgram.hpp"

#include <QRandomGenerator>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>
#include <span>

using namespace weft;
using namespace weft::model;

namespace {

/// loc(e) of every event as a bitset, and its last event per thread and per mutex, computed from
/// threadPred/otherPred only (no cones, no trees).
class ExplicitOrder {
public:
    explicit ExplicitOrder(const Unfolding &u) : m_u(u), m_loc(u.size()), m_tops(u.size()) {
        const std::size_t words = u.size() / 64 + 1;
        for (EventId e = 0; e < u.size(); ++e) {
            const Event &ev = u.event(e);
            std::vector<std::uint64_t> &loc = m_loc[e];
            loc.assign(words, 0);
            loc[e / 64] |= std::uint64_t{1} << (e % 64);
            std::vector<EventId> preds{ev.threadPred, ev.otherPred};
            for (EventId x : u.extraPredecessors(e))
                preds.push_back(x);
            for (EventId p : preds) {
                if (p == kNoEvent)
                    continue;
                if (p >= e)
                    m_problems.push_back("event " + std::to_string(e) + " has a later predecessor");
                else
                    for (std::size_t w = 0; w < words; ++w)
                        loc[w] |= m_loc[p][w];
            }
            computeTops(e);
        }
    }

    /// a ∈ loc(b).
    bool leq(EventId a, EventId b) const { return (m_loc[b][a / 64] >> (a % 64)) & 1U; }
    std::size_t locSize(EventId e) const {
        std::size_t n = 0;
        for (std::uint64_t w : m_loc[e])
            n += static_cast<std::size_t>(__builtin_popcountll(w));
        return n;
    }
    /// Keys of the chains: (0, thread) or (1, mutex object).
    static std::uint64_t threadKey(ThreadId t) { return t; }
    static std::uint64_t mutexKey(ObjectId m) { return (std::uint64_t{1} << 63) | m; }
    /// The last event of each chain of loc(e), sorted by key.
    const std::vector<std::pair<std::uint64_t, EventId>> &tops(EventId e) const {
        return m_tops[e];
    }

    /// Whether the union of the local configurations of `generators` (kNoEvent ignored) is a
    /// configuration: every thread's and every mutex's events form one chain. Each loc(g) is a
    /// configuration (checked at construction), so it suffices that the tops are pairwise
    /// comparable.
    bool isConfiguration(std::initializer_list<EventId> generators) const {
        for (auto g = generators.begin(); g != generators.end(); ++g)
            for (auto h = g + 1; h != generators.end(); ++h)
                if (*g != kNoEvent && *h != kNoEvent && !areCompatible(*g, *h))
                    return false;
        return true;
    }

    const std::vector<std::string> &problems() const { return m_problems; }

private:
    /// Whether loc(a) ∪ loc(b) is a configuration: on every common key, one top is below the other;
    /// with memory accesses, no event of loc(a) \ loc(b) is dependent with one of loc(b) \ loc(a).
    bool areCompatible(EventId a, EventId b) const {
        if (m_u.objects().locationCount() > 0) {
            std::vector<EventId> onlyA, onlyB;
            for (EventId x = 0; x < m_u.size(); ++x) {
                if (leq(x, a) && !leq(x, b))
                    onlyA.push_back(x);
                else if (leq(x, b) && !leq(x, a))
                    onlyB.push_back(x);
            }
            for (EventId x : onlyA)
                for (EventId y : onlyB)
                    if (dependent(m_u.event(x).action, m_u.event(y).action))
                        return false;
            return true;
        }
        const auto &ta = m_tops[a], &tb = m_tops[b];
        std::size_t i = 0, j = 0;
        while (i < ta.size() && j < tb.size()) {
            if (ta[i].first < tb[j].first) {
                ++i;
            } else if (tb[j].first < ta[i].first) {
                ++j;
            } else {
                if (!leq(ta[i].second, tb[j].second) && !leq(tb[j].second, ta[i].second))
                    return false;
                ++i, ++j;
            }
        }
        return true;
    }

    /// Groups loc(e) into chains, checks that each is totally ordered, and records its top.
    void computeTops(EventId e) {
        std::map<std::uint64_t, std::vector<EventId>> chains;
        for (EventId x = 0; x <= e; ++x) {
            if (!leq(x, e))
                continue;
            const Event &ev = m_u.event(x);
            chains[threadKey(ev.thread())].push_back(x);
            if (isObjectTreeKind(ev.kind()))
                chains[mutexKey(ev.action.object)].push_back(x);
        }
        for (auto &[key, chain] : chains) {
            std::sort(chain.begin(), chain.end(),
                      [&](EventId a, EventId b) { return locSize(a) < locSize(b); });
            for (std::size_t i = 1; i < chain.size(); ++i)
                if (!leq(chain[i - 1], chain[i]))
                    m_problems.push_back("loc(" + std::to_string(e) + ") is not a configuration");
            m_tops[e].emplace_back(key, chain.back()); // std::map iterates in key order
        }
        // Dependent events of loc(e) are ordered (the sc model's accesses included).
        for (EventId x = 0; x <= e; ++x)
            for (EventId y = x + 1; y <= e && leq(x, e); ++y)
                if (leq(y, e) && dependent(m_u.event(x).action, m_u.event(y).action) && !leq(x, y) && !leq(y, x))
                    m_problems.push_back("loc(" + std::to_string(e) + ") has unordered dependent events");
    }

    const Unfolding &m_u;
    std::vector<std::vector<std::uint64_t>> m_loc;
    std::vector<std::vector<std::pair<std::uint64_t, EventId>>> m_tops;
    std::vector<std::string> m_problems;
};

QString describe(const Unfolding &u, EventId e) {
    const Event &ev = u.event(e);
    return QString("e%1 [%2] (preds %3, %4)")
        .arg(e)
        .arg(QString::fromStdString(ev.action.toString()))
        .arg(ev.threadPred == kNoEvent ? -1 : qint64(ev.threadPred))
        .arg(ev.otherPred == kNoEvent ? -1 : qint64(ev.otherPred));
}

std::set<EventId> asSet(const std::vector<EventId> &events) { return {events.begin(), events.end()}; }

/// The members of `events` with a smaller id than `e`.
std::set<EventId> below(const std::set<EventId> &events, EventId e) { return {events.begin(), events.lower_bound(e)}; }

} // namespace

/// Two threads each read x 9 times, a third writes it: the reads of one write form two chains of up
/// to 9, so canonicalReads' chain reduction (sets of more than 16) is checked.
class RepeatedReads final : public ModelProgram {
public:
    std::string name() const override { return "repeated reads"; }
    static ModelTask reader(ModelThread &t) {
        for (int i = 0; i < 9; ++i)
            co_await t.read(0);
    }
    static ModelTask writer(ModelThread &t) { co_await t.write(0, 1); }
    ModelTask main(ModelThread &self) override {
        co_await self.create([](ModelThread &t) { return reader(t); });
        co_await self.create([](ModelThread &t) { return reader(t); });
        co_await self.create([](ModelThread &t) { return writer(t); });
    }
};

class tst_Relations : public QObject {
    Q_OBJECT
private slots:
    void fixedPrograms_data();
    void fixedPrograms();
    void randomPrograms();
    void randomMemoryPrograms();
    void memoryPrograms();
    void busyObjectPrograms();
    void memoryUnderForeignUnlock();
    void manySiblingsUnderOnePair();
    void threadSiblingKeysRenumbered();
    void threadSiblingKeysDroppedPastTheBound();
    void accessIndexYield();

private:
    /// Every check of this file on one explored unfolding; `context` names it in failures.
    void check(const Unfolding &u, const QString &context, std::uint64_t seed);
    void checkCones(const Unfolding &u, const ExplicitOrder &order, const QString &context);
    void checkPair(const Unfolding &u, const ExplicitOrder &order, EventId a, EventId b,
                   const QString &context);
    void checkObjectTreeSiblings(const Unfolding &u, const ExplicitOrder &order, const QString &context);
    void checkThreadOrder(const Unfolding &u, const QString &context, std::uint64_t seed);
    void checkCanonicalReads(const Unfolding &u, const ExplicitOrder &order, const QString &context,
                             std::uint64_t seed);
    /// Explores each program and checks its unfolding (stops at the first failure).
    void checkExplored(std::span<std::unique_ptr<ModelProgram>> programs);
    void checkAccessSiblingIndex(const Unfolding &u, const std::vector<std::size_t> &position, const QString &context);
    void checkObjectSiblingIndex(const Unfolding &u, const std::vector<std::size_t> &position, const QString &context);
    template <typename KeyOf>
    void checkIndexedList(const Unfolding &u, const SiblingList &list, const std::vector<EventId> &members,
                          KeyOf &&keyOf, const QString &context);

    std::uint64_t m_longReadSets = 0;
    std::uint64_t m_pairs = 0;
    std::uint64_t m_immediateConflicts = 0;
    std::uint64_t m_indexedAccessLists = 0;
    std::uint64_t m_indexedObjectLists = 0;
};

void tst_Relations::checkCones(const Unfolding &u, const ExplicitOrder &order,
                               const QString &context) {
    // tmax/lmax (docs/algorithms.md, "Causality and conflict") are the tops of loc(e)'s thread and mutex
    // chains.
    for (EventId e = 0; e < u.size(); ++e) {
        std::vector<std::pair<std::uint64_t, EventId>> cones;
        for (ThreadId t = 0; t < u.threadCutWidth(e); ++t)
            if (u.threadMax(e, t) != kNoEvent)
                cones.emplace_back(ExplicitOrder::threadKey(t), u.threadMax(e, t));
        for (const ObjectCut &c : u.objectCut(e))
            cones.emplace_back(ExplicitOrder::mutexKey(u.objects().objectId(c.object)), c.event);
        std::sort(cones.begin(), cones.end());
        WEFT_VERIFY(cones == order.tops(e), (context + ": cone of " + describe(u, e)));
        // Memory cut: per location, the last write of loc(e) and each thread's last read of it.
        std::map<ObjectId, std::pair<EventId, std::set<EventId>>> expected;
        for (EventId x = 0; x <= e; ++x) {
            const Event &ex = u.event(x);
            if (!order.leq(x, e) || !ex.isMemoryAccess())
                continue;
            auto &entry = expected.try_emplace(ex.action.object, kNoEvent, std::set<EventId>{}).first->second;
            if (ex.isWrite() && (entry.first == kNoEvent || order.leq(entry.first, x)))
                entry.first = x;
        }
        for (EventId x = 0; x <= e; ++x) {
            const Event &ex = u.event(x);
            if (!order.leq(x, e) || !ex.isMemoryAccess() || ex.isWrite() || ex.otherPred != expected[ex.action.object].first)
                continue;
            std::set<EventId> &reads = expected[ex.action.object].second;
            bool later = false;
            for (auto it = reads.begin(); it != reads.end();) {
                if (u.event(*it).thread() == ex.thread() && order.leq(*it, x))
                    it = reads.erase(it);
                else {
                    later = later || (u.event(*it).thread() == ex.thread());
                    ++it;
                }
            }
            if (!later)
                reads.insert(x);
        }
        std::map<ObjectId, std::pair<EventId, std::set<EventId>>> actual;
        for (const MemoryCut &c : u.memoryCut(e)) {
            std::span<const EventId> reads = u.cutReads(c);
            actual[u.objects().locationObject(c.location)] = {c.write, std::set<EventId>(reads.begin(), reads.end())};
        }
        WEFT_VERIFY(actual == expected, (context + ": memory cut of " + describe(u, e)));
    }
}

void tst_Relations::checkPair(const Unfolding &u, const ExplicitOrder &order, EventId a, EventId b,
                              const QString &context) {
    ++m_pairs;
    auto where = [&] { return context + ": " + describe(u, a) + " vs " + describe(u, b); };
    WEFT_VERIFY(u.precedesOrEqual(a, b) == order.leq(a, b), where());
    WEFT_VERIFY(u.precedesOrEqual(b, a) == order.leq(b, a), where());
    const bool conflict = !order.isConfiguration({a, b});
    WEFT_VERIFY(u.inConflict(a, b) == conflict, where());
    WEFT_VERIFY(u.inConflict(b, a) == conflict, where());
    if (a == b)
        return;
    const bool before = u.precedes(a, b), after = u.precedes(b, a);
    const bool concurrent = !before && !after && !conflict;
    WEFT_VERIFY(int(before) + int(after) + int(conflict) + int(concurrent) == 1, where());
    if (u.event(a).thread() == u.event(b).thread())
        WEFT_VERIFY(!concurrent, where());
}

void tst_Relations::checkObjectTreeSiblings(const Unfolding &u, const ExplicitOrder &order, const QString &context) {
    std::map<ObjectId, std::vector<EventId>> rootLocks;
    for (EventId e = 0; e < u.size(); ++e)
        if (u.event(e).isLock() && u.event(e).otherPred == kNoEvent)
            rootLocks[u.event(e).action.object].push_back(e);

    for (EventId d = 0; d < u.size(); ++d) {
        const Event &ed = u.event(d);
        std::vector<EventId> listed;
        appendSiblings(u, d, listed);
        if (ed.isMemoryAccess()) {
            // Spike candidates conflict with d; every immediate conflict of d is one, and
            // immediateConflicts(d) is exactly the set of immediate conflicts.
            const std::set<EventId> siblings(listed.begin(), listed.end());
            WEFT_VERIFY(siblings.size() == listed.size(), (context + ": duplicates for " + describe(u, d)));
            for (EventId s : listed)
                WEFT_VERIFY(!order.isConfiguration({d, s}), (context + ": " + describe(u, d) + " lists " + describe(u, s)));
            const std::vector<EventId> reported = immediateConflicts(u, d);
            std::set<EventId> immediate;
            const std::vector<EventId> dp = u.predecessors(d);
            for (EventId e = 0; e < u.size(); ++e) {
                if (order.isConfiguration({d, e}))
                    continue;
                const std::vector<EventId> ep = u.predecessors(e);
                bool fits = true;
                for (EventId p : ep)
                    fits = fits && order.isConfiguration({d, p});
                for (EventId p : dp)
                    fits = fits && order.isConfiguration({e, p});
                for (EventId p : ep)
                    for (EventId q : dp)
                        fits = fits && order.isConfiguration({p, q});
                if (!fits)
                    continue;
                ++m_immediateConflicts;
                immediate.insert(e);
                WEFT_VERIFY(siblings.contains(e), (context + ": " + describe(u, d) + " #i " + describe(u, e)));
            }
            WEFT_VERIFY(std::set<EventId>(reported.begin(), reported.end()) == immediate,
                        (context + ": immediate conflicts of " + describe(u, d)));
            WEFT_VERIFY(asSet(earlierImmediateConflicts(u, d)) == below(immediate, d),
                        (context + ": earlier immediate conflicts of " + describe(u, d)));
            continue;
        }
        if (!ed.isLock()) {
            WEFT_VERIFY(listed.empty(), (context + ": " + describe(u, d)));
            continue;
        }
        const std::set<EventId> siblings(listed.begin(), listed.end());
        WEFT_VERIFY(siblings.size() == listed.size(),
                    (context + ": duplicates for " + describe(u, d)));
        for (EventId s : listed) {
            const QString where = context + ": " + describe(u, d) + " lists " + describe(u, s);
            WEFT_VERIFY(u.event(s).isLock() && u.event(s).action.object == ed.action.object,
                        (where));
            WEFT_VERIFY(u.event(s).thread() != ed.thread(), (where));
            WEFT_VERIFY(!order.isConfiguration({d, s}), (where));
        }
        if (ed.otherPred == kNoEvent) {
            // The enumeration for a root lock is every other thread's root lock of that
            // mutex.
            std::set<EventId> expected;
            for (EventId r : rootLocks[ed.action.object])
                if (u.event(r).thread() != ed.thread())
                    expected.insert(r);
            WEFT_VERIFY(siblings == expected, (context + ": root " + describe(u, d)));
        }
        // Every immediate conflict of d (docs/algorithms.md, "Events and the unfolding": e # d, loc(e) ∪
        // hist(d) and hist(e) ∪ loc(d) conflict-free) is an acquisition of the same mutex
        // (docs/algorithms.md, "Causality and conflict") and is listed; exactly those are reported.
        std::set<EventId> immediate;
        for (EventId e = 0; e < u.size(); ++e) {
            if (order.isConfiguration({d, e}))
                continue;
            const Event &ee = u.event(e);
            if (!order.isConfiguration({e, ed.threadPred, ed.otherPred}) ||
                !order.isConfiguration({d, ee.threadPred, ee.otherPred}))
                continue;
            std::span<const EventId> extras = u.extraPredecessors(e); // a write's reads (sc model)
            if (std::any_of(extras.begin(), extras.end(), [&](EventId x) { return !order.isConfiguration({d, x}); }))
                continue;
            ++m_immediateConflicts;
            const QString where = context + ": " + describe(u, d) + " #i " + describe(u, e);
            WEFT_VERIFY(ee.isLock() && ee.action.object == ed.action.object, (where));
            WEFT_VERIFY(siblings.contains(e), (where));
            immediate.insert(e);
        }
        const std::vector<EventId> reported = immediateConflicts(u, d);
        WEFT_VERIFY(std::set<EventId>(reported.begin(), reported.end()) == immediate,
                    (context + ": immediate conflicts of " + describe(u, d)));
        WEFT_VERIFY(asSet(earlierImmediateConflicts(u, d)) == below(immediate, d),
                    (context + ": earlier immediate conflicts of " + describe(u, d)));
    }
}

void tst_Relations::check(const Unfolding &u, const QString &context, std::uint64_t seed) {
    const ExplicitOrder order(u);
    WEFT_VERIFY(order.problems().empty(),
                (context + ": " + QString::fromStdString(order.problems()[0])));
    checkCones(u, order, context);
    if (QTest::currentTestFailed())
        return;
    const auto n = static_cast<EventId>(u.size());
    for (EventId e = 0; e < n; ++e) // e ≤ e, not e < e, not e # e
        WEFT_VERIFY(u.precedesOrEqual(e, e) && !u.precedes(e, e) && !u.inConflict(e, e),
                    context + ": " + describe(u, e));
    if (std::uint64_t(n) * n <= 40000) {
        for (EventId a = 0; a < n; ++a)
            for (EventId b = 0; b < n && !QTest::currentTestFailed(); ++b)
                checkPair(u, order, a, b, context);
    } else {
        QRandomGenerator random(static_cast<quint32>(seed));
        for (int i = 0; i < 40000 && !QTest::currentTestFailed(); ++i)
            checkPair(u, order, random.bounded(n), random.bounded(n), context);
    }
    if (QTest::currentTestFailed())
        return;
    checkObjectTreeSiblings(u, order, context);
    checkThreadOrder(u, context, seed);
    checkCanonicalReads(u, order, context, seed);
}

/// canonicalReads against its definition (the reads not in loc(p) and below no other read of the
/// set) on sets of reads of one write: all of them (a thread's reads in conflict with each other
/// among them) and random subsets, after no event and after random ones.
void tst_Relations::checkCanonicalReads(const Unfolding &u, const ExplicitOrder &order, const QString &context,
                                        std::uint64_t seed) {
    std::map<std::pair<LocationIndex, EventId>, std::vector<EventId>> readsOf;
    for (EventId e = 0; e < u.size(); ++e)
        if (u.event(e).isMemoryAccess() && !u.event(e).isWrite() && !isRwlockKind(u.event(e).kind()))
            readsOf[{u.event(e).location, u.event(e).otherPred}].push_back(e);
    QRandomGenerator random(static_cast<quint32>(seed));
    for (const auto &[key, all] : readsOf) {
        for (int round = 0; round < 12 && !QTest::currentTestFailed(); ++round) {
            std::vector<EventId> reads;
            if (round < 8) {
                for (EventId r : all)
                    if (round == 0 || random.bounded(2) == 0)
                        reads.push_back(r);
            } else {
                // As in a configuration: per thread, a read and the reads of the set below it (a chain).
                std::map<ThreadId, EventId> top;
                for (EventId r : all)
                    if (!top.count(u.event(r).thread()) || random.bounded(3) == 0)
                        top[u.event(r).thread()] = r;
                for (EventId r : all)
                    if (order.leq(r, top[u.event(r).thread()]))
                        reads.push_back(r);
            }
            const EventId p = round % 2 == 0 ? kNoEvent : EventId(random.bounded(std::uint32_t(u.size())));
            std::vector<EventId> expected;
            for (EventId r : reads) {
                if (p != kNoEvent && order.leq(r, p))
                    continue;
                if (std::none_of(reads.begin(), reads.end(), [&](EventId o) { return o != r && order.leq(r, o); }))
                    expected.push_back(r);
            }
            std::sort(expected.begin(), expected.end());
            m_longReadSets += reads.size() > 16; // canonicalReads' chain reduction
            WEFT_VERIFY(u.canonicalReads(p, reads) == expected, context + ": canonicalReads of " +
                                                                    QString::number(reads.size()) + " reads of " +
                                                                    describe(u, all.front()));
        }
    }
}

/// The thread tree's sibling keys against threadSiblingLess, and threadCompare against the pre-order
/// of an explicit depth-first walk whose children are sorted by threadSiblingLess.
void tst_Relations::checkThreadOrder(const Unfolding &u, const QString &context, std::uint64_t seed) {
    std::vector<std::vector<EventId>> groups; // the children of each node, then each thread's roots
    for (EventId e = 0; e < u.size(); ++e)
        groups.push_back(u.threadSuccessors(e));
    for (ThreadId t = 0; t < u.threadCount(); ++t)
        groups.push_back(u.threadRoots(t));
    const KeyedSequentialTree &keys = u.threadTree();
    for (auto &g : groups) {
        // A node keeps keys for all its children (in threadSiblingLess order) or, past kMaxKeyed, for none.
        const bool keyed = !g.empty() && keys.key(g[0]) != 0;
        WEFT_VERIFY(keyed || g.size() <= 1 || g.size() > ThreadSiblingKeys::kMaxKeyed,
                    (context + ": no sibling keys below " + describe(u, g[0])));
        for (std::size_t i = 0; i < g.size() && i < 64; ++i) {
            WEFT_VERIFY((keys.key(g[i]) != 0) == keyed, (context + ": keys of some siblings of " + describe(u, g[i])));
            for (std::size_t j = 0; j < g.size() && j < 64 && keyed; ++j)
                if (i != j)
                    WEFT_VERIFY((keys.key(g[i]) < keys.key(g[j])) ==
                                    ObjectSiblingIndex::threadSiblingLess(u, g[i], g[j]),
                                (context + ": sibling keys of " + describe(u, g[i]) + " and " + describe(u, g[j])));
        }
        std::sort(g.begin(), g.end(),
                  [&](EventId a, EventId b) { return ObjectSiblingIndex::threadSiblingLess(u, a, b); });
    }
    std::vector<std::size_t> position(u.size());
    std::size_t next = 0;
    std::vector<EventId> todo;
    for (ThreadId t = 0; t < u.threadCount(); ++t)
        for (auto it = groups[u.size() + t].rbegin(); it != groups[u.size() + t].rend(); ++it)
            todo.push_back(*it);
    while (!todo.empty()) {
        const EventId e = todo.back();
        todo.pop_back();
        position[e] = next++;
        for (auto it = groups[e].rbegin(); it != groups[e].rend(); ++it)
            todo.push_back(*it);
    }
    checkAccessSiblingIndex(u, position, context);
    checkObjectSiblingIndex(u, position, context);
    QRandomGenerator random(static_cast<quint32>(seed) + 1);
    const auto n = static_cast<quint32>(u.size());
    for (int i = 0; i < 20000 && n > 0; ++i) {
        const EventId a = random.bounded(n), b = random.bounded(n);
        if (u.event(a).thread() != u.event(b).thread())
            continue;
        const int c = ObjectSiblingIndex::threadCompare(u, a, b);
        WEFT_VERIFY(a == b ? c == 0 : (c < 0) == (position[a] < position[b]),
                    (context + ": thread pre-order of " + describe(u, a) + " and " + describe(u, b)));
    }
}

/// Every indexed sibling list of memory accesses holds exactly the list's members, sorted by thread, the
/// explicit pre-order of the thread predecessor, then the extras as a vector over the threads (absent
/// first, then by pre-order), then id.
void tst_Relations::checkAccessSiblingIndex(const Unfolding &u, const std::vector<std::size_t> &position,
                                            const QString &context) {
    auto keyOf = [&](EventId x) {
        const Event &ex = u.event(x);
        std::vector<std::int64_t> extras(u.threadCount(), -1);
        for (EventId r : u.extraPredecessors(x))
            extras[u.event(r).thread()] = static_cast<std::int64_t>(position[r]);
        const std::int64_t pred = ex.threadPred == kNoEvent ? -1 : static_cast<std::int64_t>(position[ex.threadPred]);
        return std::tuple{ex.thread(), pred, extras, x};
    };
    const AccessSiblingIndex &index = u.accessSiblingIndex();
    std::set<std::tuple<EventId, LocationIndex, bool>> seen;
    for (EventId e = 0; e < u.size(); ++e) {
        const Event &ev = u.event(e);
        if (!ev.isMemoryAccess() || !seen.insert({ev.otherPred, ev.location, !ev.isWrite()}).second)
            continue;
        const bool reads = !ev.isWrite();
        const SiblingList *entries =
            reads ? index.readsOf(u, ev.otherPred, ev.location) : index.writesAfter(u, ev.otherPred, ev.location);
        std::vector<EventId> members =
            reads ? u.readersOf(ev.otherPred, ev.location) : u.writeSuccessors(ev.otherPred, ev.location);
        WEFT_VERIFY((entries != nullptr) == (members.size() >= AccessSiblingIndex::kThreshold),
                    (context + ": index of the siblings of " + describe(u, e)));
        if (!entries)
            continue;
        ++m_indexedAccessLists;
        checkIndexedList(u, *entries, members, keyOf, context + ": access siblings of " + describe(u, e));
    }
}

/// Every indexed list of object-tree children holds exactly the node's children, sorted by thread, the
/// explicit pre-order of the thread predecessor, then id.
void tst_Relations::checkObjectSiblingIndex(const Unfolding &u, const std::vector<std::size_t> &position,
                                            const QString &context) {
    auto keyOf = [&](EventId x) {
        const Event &ex = u.event(x);
        const std::int64_t pred = ex.threadPred == kNoEvent ? -1 : static_cast<std::int64_t>(position[ex.threadPred]);
        return std::tuple{ex.thread(), pred, x};
    };
    const ObjectSiblingIndex &index = u.siblingIndex();
    std::set<std::pair<EventId, ObjectIndex>> seen;
    for (EventId e = 0; e < u.size(); ++e) {
        const Event &ev = u.event(e);
        if (!ev.isObjectOperation() || !seen.insert({ev.otherPred, ev.object}).second)
            continue;
        const SiblingList *entries = index.children(u, ev.otherPred, ev.object);
        const std::vector<EventId> members = u.objectSuccessors(ev.otherPred, ev.object);
        WEFT_VERIFY((entries != nullptr) == (members.size() >= ObjectSiblingIndex::kThreshold),
                    (context + ": index of the children of " + describe(u, ev.otherPred)));
        if (!entries)
            continue;
        ++m_indexedObjectLists;
        checkIndexedList(u, *entries, members, keyOf, context + ": object siblings of " + describe(u, e));
    }
}

/// An indexed list's entries, its thread runs in order: exactly `members`, each with its own thread
/// predecessor, strictly increasing in keyOf; each run non-empty, of one thread, in thread order.
template <typename KeyOf>
void tst_Relations::checkIndexedList(const Unfolding &u, const SiblingList &list, const std::vector<EventId> &members,
                                     KeyOf &&keyOf, const QString &context) {
    std::vector<SiblingEntry> entries;
    ThreadId previous = kNoThread;
    list.forEachThread([&](ThreadId t, SiblingList::Iter first, SiblingList::Iter last) {
        WEFT_VERIFY(first != last && (previous == kNoThread || previous < t),
                    (context + ": the runs of thread " + QString::number(t)));
        for (auto x = first; x != last; ++x)
            WEFT_VERIFY(u.event(x->event).thread() == t,
                        (context + ": " + describe(u, x->event) + " in the run of thread " + QString::number(t)));
        entries.insert(entries.end(), first, last);
        previous = t;
    });
    WEFT_VERIFY(entries.size() == list.size(), (context + ": the runs cover the list"));
    std::vector<EventId> events;
    for (const SiblingEntry &x : entries) {
        events.push_back(x.event);
        WEFT_VERIFY(x.threadPred == u.event(x.event).threadPred,
                    (context + ": the thread predecessor kept for " + describe(u, x.event)));
    }
    WEFT_VERIFY(asSet(events) == asSet(members) && events.size() == members.size(), (context + ": indexed members"));
    for (std::size_t i = 1; i < events.size(); ++i)
        WEFT_VERIFY(keyOf(events[i - 1]) < keyOf(events[i]),
                    (context + ": index order of " + describe(u, events[i - 1]) + " and " + describe(u, events[i])));
}

void tst_Relations::fixedPrograms_data() {
    QTest::addColumn<int>("program");
    QTest::addColumn<int>("policy");
    for (int policy : {0, 1})
        for (int program : {0, 1, 2})
            QTest::addRow("%s k=%d",
                          program == 0   ? "fig2"
                          : program == 1 ? "blocked2"
                                         : "blocked3",
                          policy)
                << program << policy;
}

void tst_Relations::fixedPrograms() {
    QFETCH(int, program);
    QFETCH(int, policy);
    ExplorationOptions options;
    options.policy = AltPolicy::fromNumber(policy);
    ExploredModel explored(program == 0   ? makeFig2()
                           : program == 1 ? makeBlocked2()
                                          : makeBlocked3(),
                           options);
    QVERIFY(explored.result().isComplete());
    check(explored.unfolding(), QString::fromStdString(explored.program().name()), 1);
}

void tst_Relations::randomPrograms() {
    // The unfolding does not depend on the policy; vary it anyway, and use slightly larger programs
    // than tst_BruteForce (no brute force here).
    RandomProgramShape shape;
    shape.maxActions = 26;
    std::uint64_t events = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(static_cast<int>(seed % 6) - 1);
        auto program = RandomProgram::generate(seed, shape);
        const std::string listing = program->listing();
        ExploredModel explored(std::move(program), options);
        QVERIFY(explored.result().isComplete());
        events += explored.unfolding().size();
        check(explored.unfolding(), QString::fromStdString(listing), seed);
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("%llu events, %llu pairs, %llu immediate conflicts checked", (unsigned long long)events,
          (unsigned long long)m_pairs, (unsigned long long)m_immediateConflicts);
}

void tst_Relations::randomMemoryPrograms() {
    // The sc model: racy reads and writes (write trees, extra predecessors, memory cuts).
    RandomProgramShape shape;
    shape.maxWorkers = 3;
    shape.maxActions = 22;
    shape.sharedPercent = 60;
    std::uint64_t events = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        ExplorationOptions options;
        options.policy = AltPolicy::fromNumber(static_cast<int>(seed % 5) - 1);
        auto program = RandomProgram::generate(seed, shape);
        const std::string listing = program->listing();
        ExploredModel explored(std::move(program), options);
        QVERIFY(explored.result().isComplete());
        events += explored.unfolding().size();
        check(explored.unfolding(), QString::fromStdString(listing), seed);
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("%llu events, %llu pairs, %llu immediate conflicts checked", (unsigned long long)events,
          (unsigned long long)m_pairs, (unsigned long long)m_immediateConflicts);
}

void tst_Relations::checkExplored(std::span<std::unique_ptr<ModelProgram>> programs) {
    for (auto &program : programs) {
        const QString name = QString::fromStdString(program->name());
        ExploredModel explored(std::move(program), ExplorationOptions{});
        QVERIFY(explored.result().isComplete());
        check(explored.unfolding(), name, 1);
        if (QTest::currentTestFailed())
            return;
    }
}

void tst_Relations::memoryPrograms() {
    std::unique_ptr<ModelProgram> programs[] = {makeLostUpdate(),
                                                makeWriterReaders(3),
                                                makeFig1(3),
                                                makeDekker(1),
                                                makeArraySweep(20),
                                                makeLastZero(6),
                                                std::make_unique<RepeatedReads>()};
    checkExplored(programs);
    if (QTest::currentTestFailed())
        return;
    qInfo("%llu indexed access lists checked", (unsigned long long)m_indexedAccessLists);
    QVERIFY(m_indexedAccessLists > 0); // last zero's busy lists were checked
    qInfo("%llu sets of more than 16 reads checked", (unsigned long long)m_longReadSets);
    QVERIFY(m_longReadSets > 0);
}

void tst_Relations::busyObjectPrograms() {
    // Object-tree nodes with more than ObjectSiblingIndex::kThreshold children (the random programs are
    // too small to have any), so that the object sibling index is checked too.
    std::unique_ptr<ModelProgram> programs[] = {makeMpat(4)};
    checkExplored(programs);
    if (QTest::currentTestFailed())
        return;
    qInfo("%llu indexed object lists checked", (unsigned long long)m_indexedObjectLists);
    QVERIFY(m_indexedObjectLists > 0);
}

void tst_Relations::memoryUnderForeignUnlock() {
    // Weft's machines reject a normal mutex released by a thread that does not hold it, but the
    // engine must not rely on that: T0 locks m, T1 releases it, T2 locks it and writes x, T0 writes
    // x. Each write follows its own thread's lock of m, yet the two are in immediate conflict, so
    // the "accesses under a common lock" spike filter must stand down for m.
    Unfolding u;
    const ObjectId m = 100, x = 200;
    const EventId lock0 = u.obtain(Action{ActionKind::MutexLock, 0, m}, kNoEvent, kNoEvent);
    const EventId unlock1 = u.obtain(Action{ActionKind::MutexUnlock, 1, m}, kNoEvent, lock0);
    const EventId lock2 = u.obtain(Action{ActionKind::MutexLock, 2, m}, kNoEvent, unlock1);
    const EventId write2 = u.obtain(Action{ActionKind::MemWrite, 2, x, 4}, lock2, kNoEvent);
    const EventId write0 = u.obtain(Action{ActionKind::MemWrite, 0, x, 4}, lock0, kNoEvent);
    QVERIFY(u.detail(write0).heldMutexes != 0 && u.detail(write2).heldMutexes == u.detail(write0).heldMutexes);
    QCOMPARE(immediateConflicts(u, write0), std::vector<EventId>{write2});
    QCOMPARE(immediateConflicts(u, write2), std::vector<EventId>{write0});
    check(u, "foreign unlock", 1);
}

void tst_Relations::manySiblingsUnderOnePair() {
    // A char input: 256 choices after one thread predecessor, plus a write and a lock after it, all
    // with the same (thread, other) predecessors. Create-or-retrieve must name each by its action:
    // every second obtain finds the first one's event, and a value never chosen is not found.
    Unfolding u;
    const ObjectId choices = 7, x = 200, m = 100;
    const EventId start = u.obtain(Action{ActionKind::ThreadStart, 0}, kNoEvent, kNoEvent);
    std::vector<EventId> ids;
    for (std::int64_t v = -128; v < 128; ++v) {
        bool created = false;
        ids.push_back(u.obtain(Action{ActionKind::NondetChoice, 0, choices, v}, start, kNoEvent, &created));
        QVERIFY(created);
    }
    bool created = true;
    const EventId write = u.obtain(Action{ActionKind::MemWrite, 0, x, 4}, start, kNoEvent, &created);
    QVERIFY(created);
    const EventId lock = u.obtain(Action{ActionKind::MutexLock, 0, m}, start, kNoEvent, &created);
    QVERIFY(created);
    QCOMPARE(std::set<EventId>(ids.begin(), ids.end()).size(), std::size_t{256});
    for (std::int64_t v = 127; v >= -128; --v) {
        const Action a{ActionKind::NondetChoice, 0, choices, v};
        QCOMPARE(u.lookup(a, start, kNoEvent), ids[static_cast<std::size_t>(v + 128)]);
        QCOMPARE(u.obtain(a, start, kNoEvent, &created), ids[static_cast<std::size_t>(v + 128)]);
        QVERIFY(!created);
        QCOMPARE(u.event(ids[static_cast<std::size_t>(v + 128)]).action, a);
    }
    QCOMPARE(u.lookup(Action{ActionKind::NondetChoice, 0, choices, 128}, start, kNoEvent), kNoEvent);
    QCOMPARE(u.lookup(Action{ActionKind::NondetChoice, 0, choices + 1, 0}, start, kNoEvent), kNoEvent);
    QCOMPARE(u.lookup(Action{ActionKind::NondetChoice, 0, choices, 0}, ids[0], kNoEvent), kNoEvent);
    QCOMPARE(u.lookup(Action{ActionKind::MemWrite, 0, x, 4}, start, kNoEvent), write);
    QCOMPARE(u.lookup(Action{ActionKind::MutexLock, 0, m}, start, kNoEvent), lock);
    QCOMPARE(u.lookup(Action{ActionKind::ThreadStart, 0}, kNoEvent, kNoEvent), start);
    QCOMPARE(u.size(), std::size_t{259});
}

namespace {

/// Thread 1 locks and unlocks mutex 100 `n` times in a chain; then thread 0, right after its start,
/// locks it after each of those unlocks (deepest first when `deepestFirst`): n siblings, returned in
/// the order they were created.
std::vector<EventId> locksAfterEachUnlock(Unfolding &u, int n, bool deepestFirst) {
    const ObjectId m = 100;
    const EventId start0 = u.obtain(Action{ActionKind::ThreadStart, 0}, kNoEvent, kNoEvent);
    EventId prev1 = u.obtain(Action{ActionKind::ThreadStart, 1}, kNoEvent, kNoEvent);
    EventId lastOp = kNoEvent;
    std::vector<EventId> unlocks;
    for (int i = 0; i < n; ++i) {
        prev1 = lastOp = u.obtain(Action{ActionKind::MutexLock, 1, m}, prev1, lastOp);
        prev1 = lastOp = u.obtain(Action{ActionKind::MutexUnlock, 1, m}, prev1, lastOp);
        unlocks.push_back(lastOp);
    }
    if (deepestFirst)
        std::reverse(unlocks.begin(), unlocks.end());
    std::vector<EventId> locks;
    for (EventId unlock : unlocks)
        locks.push_back(u.obtain(Action{ActionKind::MutexLock, 0, m}, start0, unlock));
    return locks;
}

} // namespace

void tst_Relations::threadSiblingKeysRenumbered() {
    // Deepest first: each new lock comes before all its siblings (pre-order of their object-tree
    // parents), halving the room at the front until the siblings are renumbered.
    Unfolding u;
    const std::vector<EventId> locks = locksAfterEachUnlock(u, 40, true);
    QVERIFY(u.threadSiblingKeys().renumberings() > 0);
    // Sibling order is the object tree's pre-order of the unlocks: the chain's order.
    for (std::size_t i = 0; i + 1 < locks.size(); ++i) {
        QVERIFY(u.threadTree().key(locks[i + 1]) < u.threadTree().key(locks[i]));
        QVERIFY(ObjectSiblingIndex::threadCompare(u, locks[i + 1], locks[i]) < 0);
    }
    check(u, "renumbered", 1);
}

void tst_Relations::accessIndexYield() {
    // An indexed access list keeps its index while its spikes keep few of its members, leaves it for
    // the plain scan once they keep an eighth or more (trying it again every 64th spike), and comes
    // back when the index skips most members again.
    AccessSiblingIndex::Yield yield;
    for (int i = 0; i < 100; ++i) { // 100 * 76 members, ~1.3 % kept: lastzero's figures
        QVERIFY(yield.pays());
        yield.note(76, 1);
    }
    QVERIFY(yield.pays());
    AccessSiblingIndex::Yield dense;
    for (int i = 0; i < 3; ++i) { // below the evidence needed: the index is kept
        QVERIFY(dense.pays());
        dense.note(1024, 600);
    }
    QVERIFY(dense.pays());
    dense.note(1024, 600); // 4096 members asked about, 59 % kept: GenMC's readers
    int tries = 0;
    for (int i = 0; i < 640; ++i)
        tries += dense.pays() ? 1 : 0;
    QCOMPARE(tries, 10);
    // The index skips most members again: after enough such spikes (the older ones halved away) it
    // is used every time.
    for (int i = 0; i < 2000; ++i)
        dense.note(1024, 0);
    for (int i = 0; i < 64; ++i)
        QVERIFY(dense.pays());
}

void tst_Relations::threadSiblingKeysDroppedPastTheBound() {
    // 5000 locks in the chain's order (each new lock comes after its siblings, as most new events do):
    // past kMaxKeyed children the node drops the keys and its children compare by threadSiblingLess;
    // the order seen by threadCompare stays the pre-order.
    Unfolding u;
    const std::vector<EventId> locks = locksAfterEachUnlock(u, 5000, false);
    const KeyedSequentialTree &keys = u.threadTree();
    QCOMPARE(keys.key(locks.front()), 0u);
    QCOMPARE(keys.key(locks.back()), 0u);
    QVERIFY(keys.key(u.event(locks.back()).otherPred) != 0); // thread 1's chain: one child per node, keyed
    for (std::size_t i = 0; i + 1 < locks.size(); i += 97)
        QVERIFY(ObjectSiblingIndex::threadCompare(u, locks[i], locks[i + 1]) < 0);
    checkThreadOrder(u, "dropped", 2);
}

QTEST_APPLESS_MAIN(tst_Relations)
#include "tst_Relations.moc"
