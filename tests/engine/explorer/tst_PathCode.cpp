// SPDX-License-Identifier: MIT
// Path codes (engine/explorer/PathCode.hpp): on explicit exploration trees, the DFS order of leaves by path code is
// the order a depth-first walk meets them, and a log of leaves run in any order by several workers numbers each leaf
// as that walk does; a log read back from malformed bytes is refused.
#include "engine/explorer/PathCode.hpp"

#include <QtTest>
#include <algorithm>
#include <random>

using namespace weft;

namespace {

/// The leaves of a random exploration tree in depth-first order (left child, then right child), each as its path
/// code: a node (depth d, code c) has a left child (d + 1, c) unless d is the bottom, and, at random, a right child
/// (d, c + [d]) (D grows by an entry at trail length d; at most `maxRights` at one node).
void walk(std::mt19937 &random, std::uint32_t depth, std::uint32_t bottom, PathCode &code, unsigned rightsHere,
          unsigned maxRights, std::vector<PathCode> &leaves) {
    if (depth == bottom)
        leaves.push_back(code);
    else
        walk(random, depth + 1, bottom, code, 0, maxRights, leaves);
    if (depth < bottom && rightsHere < maxRights && random() % 3 == 0) {
        code.push_back(depth);
        walk(random, depth, bottom, code, rightsHere + 1, maxRights, leaves);
        code.pop_back();
    }
}

} // namespace

class tst_PathCode : public QObject {
    Q_OBJECT
private slots:
    void leavesInDepthFirstOrder() {
        for (unsigned seed = 1; seed <= 20; ++seed) {
            std::mt19937 random(seed);
            std::vector<PathCode> leaves;
            PathCode code;
            walk(random, 0, 6 + seed % 5, code, 0, 2, leaves);
            QVERIFY(leaves.size() > 1);
            for (std::size_t i = 0; i + 1 < leaves.size(); ++i) {
                QVERIFY(dfsEarlierCode(leaves[i], leaves[i + 1]));
                QVERIFY(!dfsEarlierCode(leaves[i + 1], leaves[i]));
            }
            // Three workers ran the leaves in some order: each defect's number is its place in the walk.
            std::vector<std::size_t> order(leaves.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                order[i] = i;
            std::shuffle(order.begin(), order.end(), random);
            PathCodeLog logs[3];
            for (std::size_t i = 0; i < order.size(); ++i)
                logs[random() % 3].append(leaves[order[i]]);
            std::vector<std::size_t> asked = {0, leaves.size() / 2, leaves.size() - 1};
            std::vector<PathCode> codes;
            for (std::size_t i : asked)
                codes.push_back(leaves[i]);
            std::vector<std::uint64_t> earlier(codes.size(), 0);
            for (const PathCodeLog &log : logs) {
                PathCodeLog copy;
                QVERIFY(copy.assign(log.bytes())); // as a rank sends it
                const std::vector<std::uint64_t> n = copy.countEarlier(codes);
                for (std::size_t i = 0; i < n.size(); ++i)
                    earlier[i] += n[i];
            }
            for (std::size_t i = 0; i < asked.size(); ++i)
                QCOMPARE(earlier[i], std::uint64_t(asked[i]));
        }
    }

    void malformedLogIsRefused() {
        PathCodeLog log;
        log.append(PathCode{3, 300, 70000});
        log.append(PathCode{3, 300});
        std::vector<std::uint8_t> bytes = log.bytes();
        PathCodeLog back;
        QVERIFY(back.assign(bytes));
        QCOMPARE(back.countEarlier({PathCode{4}}), std::vector<std::uint64_t>({0}));
        QCOMPARE(back.countEarlier({PathCode{3, 299}}), std::vector<std::uint64_t>({2}));
        bytes.pop_back(); // a truncated varint
        QVERIFY(!back.assign(bytes));
        QVERIFY(!back.assign({5, 1, 1})); // shares 5 entries with a code before it, which has none
    }
};

QTEST_APPLESS_MAIN(tst_PathCode)
#include "tst_PathCode.moc"
