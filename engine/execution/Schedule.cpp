// SPDX-License-Identifier: MIT
#include "engine/execution/Schedule.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace weft {

void Schedule::append(const Action &action) {
    if (action.kind == ActionKind::NondetChoice)
        choices.emplace_back(replay.size(), action.value);
    replay.push_back(action.thread);
}

std::optional<std::int64_t> Schedule::choiceAt(std::size_t step) const {
    const auto it =
        std::lower_bound(choices.begin(), choices.end(),
                         std::pair<std::size_t, std::int64_t>{step, std::numeric_limits<std::int64_t>::min()});
    if (it == choices.end() || it->first != step)
        return std::nullopt;
    return it->second;
}

std::string Schedule::toString() const {
    // Items, read one at a time: a choice, or a run of one thread's steps (THREAD*COUNT). Not held in a list: a
    // range of millions of threads' single steps ("9-99999989" parses) would make millions of items.
    struct Item {
        ThreadId thread;
        std::size_t count;
        std::optional<std::int64_t> value;
    };
    auto choice = choices.begin();
    std::size_t i = 0;
    auto next = [&]() -> std::optional<Item> {
        if (i >= replay.size())
            return std::nullopt;
        if (choice != choices.end() && choice->first == i) {
            const Item item{replay[i], 1, choice->second};
            ++choice;
            ++i;
            return item;
        }
        std::size_t j = i;
        while (j < replay.size() && replay[j] == replay[i] && (choice == choices.end() || choice->first != j))
            ++j;
        const Item item{replay[i], j - i, std::nullopt};
        i = j;
        return item;
    };
    const auto single = [](const Item &x) { return x.count == 1 && !x.value; };
    std::string out;
    auto print = [&](const Item &x) {
        if (!out.empty())
            out += ',';
        out += std::to_string(x.thread);
        if (x.value)
            out += '=' + std::to_string(*x.value);
        else if (x.count > 1)
            out += '*' + std::to_string(x.count);
    };
    // Three or more single steps of consecutive threads print as a range, FIRST-LAST (a thousand threads each
    // taking its first step: "1-1000"); one or two print one by one.
    for (std::optional<Item> item = next(); item;) {
        if (!single(*item)) {
            print(*item);
            item = next();
            continue;
        }
        const Item first = *item;
        ThreadId last = first.thread;
        for (item = next(); item && single(*item) && item->thread == last + 1; item = next())
            ++last;
        if (last - first.thread >= 2) {
            if (!out.empty())
                out += ',';
            out += std::to_string(first.thread) + '-' + std::to_string(last);
        } else {
            for (ThreadId t = first.thread; t <= last; ++t)
                print({t, 1, std::nullopt});
        }
    }
    return out;
}

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

template <typename T> static bool parseNumber(std::string_view s, T &out) {
    s = trim(s);
    if (s.empty())
        return false;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc{} && end == s.data() + s.size();
}

Expected<Schedule> Schedule::parse(std::string_view text) {
    constexpr std::uint64_t kMaxSteps = 100'000'000;
    Schedule schedule;
    text = trim(text);
    if (text.empty())
        return schedule;
    std::size_t column = 1;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        const std::size_t star = item.find('*');
        const std::size_t equals = item.find('=');
        // FIRST-LAST: one step of each thread from FIRST to LAST (a choice's value may be negative: not a range).
        const std::size_t dash = star == std::string_view::npos && equals == std::string_view::npos
                                     ? item.find('-')
                                     : std::string_view::npos;
        std::uint64_t thread = 0, count = 1, last = 0;
        std::int64_t value = 0;
        const bool ok =
            equals != std::string_view::npos
                ? star == std::string_view::npos && parseNumber(item.substr(0, equals), thread) && thread < kNoThread &&
                      parseNumber(item.substr(equals + 1), value) && schedule.replay.size() < kMaxSteps
            : dash != std::string_view::npos
                ? parseNumber(item.substr(0, dash), thread) && parseNumber(item.substr(dash + 1), last) &&
                      thread < last && last < kNoThread && schedule.replay.size() + (last - thread) < kMaxSteps
                : parseNumber(item.substr(0, star), thread) && thread < kNoThread &&
                      (star == std::string_view::npos || parseNumber(item.substr(star + 1), count)) && count >= 1 &&
                      schedule.replay.size() + count <= kMaxSteps;
        if (!ok) {
            Diagnostic d = Diagnostic::error(
                "invalid schedule item '" + std::string(trim(item)) +
                "' (expected THREAD, THREAD*COUNT, THREAD=VALUE or FIRST-LAST, e.g. 0*4,1=3,0*2,1-3)");
            d.file = "<schedule>";
            d.line = 1;
            d.column = static_cast<unsigned>(column);
            return Unexpected(d);
        }
        if (equals != std::string_view::npos)
            schedule.choices.emplace_back(schedule.replay.size(), value);
        if (dash != std::string_view::npos)
            for (std::uint64_t t = thread; t <= last; ++t)
                schedule.replay.push_back(static_cast<ThreadId>(t));
        else
            schedule.replay.insert(schedule.replay.end(), count, static_cast<ThreadId>(thread));
        if (comma == std::string_view::npos)
            break;
        column += comma + 1;
        text = text.substr(comma + 1);
    }
    return schedule;
}

} // namespace weft
