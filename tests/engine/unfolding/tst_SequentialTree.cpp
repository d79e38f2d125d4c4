// SPDX-License-Identifier: MIT
// Tests SequentialTree: skip tables of docs/algorithms.md, "Causality and conflict", find_pred against a
// naive parent walk and the pre-order comparison against a depth-first numbering.
#include "engine/unfolding/SequentialTree.hpp"

#include <QtTest>
#include <functional>
#include <random>

using weft::SequentialTree;

class tst_SequentialTree : public QObject {
    Q_OBJECT
private slots:
    void skipTablesStepTwo();
    void ancestorsMatchParentWalk();
    void nodeConflict();
    void preorderMatchesDepthFirstNumbering();
};

static std::vector<std::uint32_t> skipDepths(const SequentialTree &t, SequentialTree::NodeId n) {
    std::vector<std::uint32_t> out;
    for (auto a : t.skipTable(n))
        out.push_back(t.depth(a));
    return out;
}

void tst_SequentialTree::skipTablesStepTwo() {
    SequentialTree t(2);
    SequentialTree::NodeId n = t.add(SequentialTree::kNone);
    std::vector<SequentialTree::NodeId> chain{n};
    for (int d = 1; d <= 16; ++d)
        chain.push_back(n = t.add(n));
    QCOMPARE(skipDepths(t, chain[4]), (std::vector<std::uint32_t>{2, 0}));
    QCOMPARE(skipDepths(t, chain[12]), (std::vector<std::uint32_t>{10, 8}));
    QCOMPARE(skipDepths(t, chain[8]), (std::vector<std::uint32_t>{6, 4, 0}));
    QCOMPARE(skipDepths(t, chain[7]), std::vector<std::uint32_t>{});
    QCOMPARE(t.depth(chain[16]), 16u);
    QCOMPARE(t.ancestorAt(chain[16], 3), chain[3]);
}

void tst_SequentialTree::ancestorsMatchParentWalk() {
    for (unsigned step : {2u, 3u, 4u, 7u}) {
        std::mt19937 rng(42 + step);
        SequentialTree t(step);
        // Mostly chains with occasional branching: 20,000 nodes, depth > 2,000.
        std::vector<SequentialTree::NodeId> nodes{t.add(SequentialTree::kNone)};
        for (int i = 1; i < 20000; ++i) {
            const bool branch = rng() % 8 == 0;
            const auto parent = branch ? nodes[nodes.size() - 1 - rng() % std::min<std::size_t>(nodes.size(), 64)]
                                      : nodes.back();
            nodes.push_back(t.add(parent));
        }
        std::uint32_t maxDepth = 0;
        for (auto n : nodes)
            maxDepth = std::max(maxDepth, t.depth(n));
        QVERIFY(maxDepth > 2000);
        for (int q = 0; q < 20000; ++q) {
            const auto n = nodes[rng() % nodes.size()];
            const std::uint32_t g = t.depth(n) == 0 ? 0 : rng() % (t.depth(n) + 1);
            auto naive = n;
            while (t.depth(naive) > g)
                naive = t.parent(naive);
            QCOMPARE(t.ancestorAt(n, g), naive);
            QVERIFY(t.isAncestorOrSelf(naive, n));
        }
    }
}

void tst_SequentialTree::nodeConflict() {
    SequentialTree t(4);
    const auto root = t.add(SequentialTree::kNone);
    const auto a = t.add(root), b = t.add(root);
    const auto a1 = t.add(a), b1 = t.add(b), b2 = t.add(b1);
    const auto otherRoot = t.add(SequentialTree::kNone);
    QVERIFY(t.inConflict(a, b));          // same depth, different nodes
    QVERIFY(!t.inConflict(a, a));
    QVERIFY(!t.inConflict(root, b2));     // ancestor
    QVERIFY(t.inConflict(a1, b2));        // lifted to depth 2: b1 != a1
    QVERIFY(t.inConflict(a, b2));
    QVERIFY(t.inConflict(root, otherRoot)); // two roots of one forest
    QCOMPARE(t.firstChild(root), a);
    QCOMPARE(t.nextSibling(a), b);
    QCOMPARE(t.nextSibling(b), SequentialTree::kNone);
}

void tst_SequentialTree::preorderMatchesDepthFirstNumbering() {
    // A random forest; siblings ordered by decreasing id (not creation order, to exercise the
    // comparator), then every pair compared against a depth-first numbering.
    std::mt19937 rng(7);
    SequentialTree t(3);
    std::vector<SequentialTree::NodeId> nodes;
    for (int i = 0; i < 400; ++i)
        nodes.push_back(t.add(nodes.empty() || rng() % 20 == 0 ? SequentialTree::kNone : nodes[rng() % nodes.size()]));
    auto siblingLess = [](SequentialTree::NodeId a, SequentialTree::NodeId b) { return a > b; };
    std::vector<std::vector<SequentialTree::NodeId>> children(nodes.size());
    std::vector<SequentialTree::NodeId> roots;
    for (auto n : nodes)
        (t.parent(n) == SequentialTree::kNone ? roots : children[t.parent(n)]).push_back(n);
    std::vector<int> rank(nodes.size());
    int next = 0;
    std::function<void(SequentialTree::NodeId)> visit = [&](SequentialTree::NodeId n) {
        rank[n] = next++;
        std::sort(children[n].begin(), children[n].end(), siblingLess);
        for (auto c : children[n])
            visit(c);
    };
    std::sort(roots.begin(), roots.end(), siblingLess);
    for (auto r : roots)
        visit(r);
    for (auto a : nodes)
        for (auto b : nodes) {
            const int c = t.preorderCompare(a, b, siblingLess);
            QCOMPARE(c < 0, rank[a] < rank[b]);
            QCOMPARE(c == 0, a == b);
        }
}

QTEST_APPLESS_MAIN(tst_SequentialTree)
#include "tst_SequentialTree.moc"
