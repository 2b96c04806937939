#!/usr/bin/env python3
# The file-level call graph of the bot's objects has no cycle of more than MAX files (4): an edge
# a -> b when a.o uses a global symbol b.o defines (nm). Prints each larger cycle with the
# symbols behind its edges, and fails; prints the largest cycle's size when none is too large.
# And the tables' files call only into their own layer and those below, as the layers' comment
# in bot/tables_internal.h lists them; a tables file in no layer fails too.
# Usage: check_calls.py [--nm NM] [--max N] [--layers HEADER] BUILD_DIR/bot
import argparse
import collections
import os
import re
import subprocess
import sys

DEFINED = set('TDBRGSVW')  # global text, data, bss, read-only, small data, weak


def symbols(nm, obj):
    out = subprocess.run([nm, obj], capture_output=True, text=True, check=True).stdout
    defs, uses = set(), set()
    for line in out.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in DEFINED:
            defs.add(p[2])
        elif len(p) == 2 and p[0] == 'U':
            uses.add(p[1])
    return defs, uses


def graph(nm, root):
    objs = []
    for d, _, files in os.walk(root):
        objs += [os.path.join(d, f) for f in files if f.endswith('.c.o')]
    defs, uses = {}, collections.defaultdict(set)
    for o in sorted(objs):
        name = os.path.basename(o)[:-len('.c.o')]
        d, u = symbols(nm, o)
        for s in d:
            defs[s] = name
        uses[name] |= u
    edges = collections.defaultdict(lambda: collections.defaultdict(set))
    for a, u in uses.items():
        for s in u:
            b = defs.get(s)
            if b and b != a:
                edges[a][b].add(s)
    return sorted(uses), edges


def components(nodes, edges):
    """Tarjan's strongly connected components, without recursion."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = n
        n += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = n
                    n += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def layers(header):
    """{file: layer} from the comment of HEADER that begins "The layers, bottom up"."""
    with open(header, encoding='utf-8') as f:
        text = f.read()
    start = text.index('The layers, bottom up')
    block = text[start:text.index('*/', start)]
    out = {}
    for n, part in re.findall(r'(\d)\. (.*?)(?=\n \*  \d\. |\Z)', block, re.S):
        for name in re.findall(r'\btables(?:_[a-z]+)?\b', part):
            out[name] = int(n)
    return out


def layer_errors(nodes, edges, layer):
    errors = [f'{a}: in no layer of the tables (add it to the layers\' comment)'
              for a in nodes if a.startswith('tables') and a not in layer]
    for a in nodes:
        for b in sorted(edges[a]):
            if a in layer and b in layer and layer[b] > layer[a]:
                errors.append(f'{a} (layer {layer[a]}) calls up into {b} (layer {layer[b]}): '
                              f'{" ".join(sorted(edges[a][b]))}')
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--max', type=int, default=4)
    ap.add_argument('--layers', default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     '..', 'bot', 'tables_internal.h'))
    ap.add_argument('bot_dir')
    a = ap.parse_args()
    nodes, edges = graph(a.nm, a.bot_dir)
    if len(nodes) < 10:
        print(f'check_calls: only {len(nodes)} objects under {a.bot_dir}: build first')
        return 1
    cycles = sorted((c for c in components(nodes, edges) if len(c) > 1), key=len, reverse=True)
    bad = [c for c in cycles if len(c) > a.max]
    for c in bad:
        print(f'a call cycle of {len(c)} files (at most {a.max}): {" ".join(c)}')
        for x in c:
            for y in sorted(edges[x]):
                if y in c:
                    print(f'  {x} -> {y}: {" ".join(sorted(edges[x][y]))}')
    up = layer_errors(nodes, edges, layers(a.layers))
    for e in up:
        print(e)
    if bad or up:
        return 1
    sizes = ', '.join(f'{len(c)} ({" ".join(c)})' for c in cycles) or 'none'
    print(f'check_calls: {len(nodes)} objects; cycles: {sizes}; none over {a.max} files; '
          'the tables call only down')
    return 0


if __name__ == '__main__':
    sys.exit(main())
