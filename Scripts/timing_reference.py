#!/usr/bin/env python3
# Independent reference values for the Timing/Spring tests of FlowSim (run once by hand:
# python3 Scripts/timing_reference.py; needs mpmath). Not part of the build.
from mpmath import mp, mpf, sqrt, exp, cos, sin, cosh, sinh, log, findroot, pi, fabs
mp.dps = 40
EPS = mpf('0.001')

def uikit_root(d, z, v):
    d, z, v = mpf(d), mpf(z), mpf(v)
    if z < 1:
        f = lambda w: fabs((z*w - v)/(w*sqrt(1-z*z))) * exp(-z*w*d) - EPS
    else:
        f = lambda w: fabs(1 + (w - v)*d) * exp(-w*d) - EPS
    # bracket-free: secant from the Newton start
    return findroot(f, mpf(5)/d * 1.5)

def x(t, w0, z, v):
    t, w0, z, v = mpf(t), mpf(w0), mpf(z), mpf(v)
    lam = z*w0
    if z == 1:
        return exp(-w0*t)*(1 + (w0 - v)*t)
    wd = w0*sqrt(fabs(1 - z*z))
    B = (lam - v)/wd
    if z < 1:
        return exp(-lam*t)*(cos(wd*t) + B*sin(wd*t))
    return exp(-lam*t)*(cosh(wd*t) + B*sinh(wd*t))

for (d, z, v) in [(3, '0.25', 0), (1, '0.65', 0), ('0.5', '0.8', 2), (1, 1, 0), (1, 1, 3),
                  ('0.4', '0.3', -1)]:
    w = uikit_root(d, z, v)
    print(f"uikit d={d} z={z} v={v}: w0={mp.nstr(w, 20)} k={mp.nstr(w*w, 20)} "
          f"c={mp.nstr(2*mpf(z)*w, 20)}")
    for t in ['0.1', '0.25', '0.5']:
        print(f"   p({t}) = {mp.nstr(1 - x(t, w, mpf(z), v), 20)}")
    print(f"   p(d-) = {mp.nstr(1 - x(d, w, mpf(z), v), 20)}")

def phys(m, k, c, v, ts):
    m, k, c = mpf(m), mpf(k), mpf(c)
    w0 = sqrt(k/m); z = c/(2*sqrt(k*m))
    for t in ts:
        print(f"   m={m} k={k} c={c} v={v}: p({t}) = {mp.nstr(1 - x(t, w0, z, v), 20)}, "
              f"p'({t}) = {mp.nstr(-mp.diff(lambda s: x(s, w0, z, v), mpf(t)), 20)}")

phys(2, 300, 10, 0, ['0.1', '0.3'])
phys(1, 100, 30, 0, ['0.1', '0.3'])   # overdamped z=1.5
phys(1, 100, 30, 5, ['0.2'])
phys('0.5', 50, 10, '-1', ['0.2'])    # critical z=1

def settle(m, k, c, v=0, eps=EPS, tmax=60, n=600000):
    # Last time |x(t)| >= eps: a dense scan backwards from tmax, then a bracketed root.
    m, k, c = mpf(m), mpf(k), mpf(c)
    w0 = sqrt(k/m); z = c/(2*sqrt(k*m))
    ts = [mpf(tmax) * i / (n - 1) for i in range(n)]
    last = next(i for i in range(n-1, -1, -1) if fabs(x(ts[i], w0, z, v)) >= eps)
    xs = lambda t: fabs(x(t, w0, z, v)) - eps
    return findroot(xs, (ts[last], ts[last+1]), solver='anderson')

for c in [5, 15, 10]:
    print(f"settle m1 k100 c{c}: {mp.nstr(settle(1, 100, c, tmax=10, n=20001), 20)}")
print(f"settle m1 k100 c30: {mp.nstr(settle(1, 100, 30, tmax=10, n=20001), 20)}")

# Beziers
def bez(x1, y1, x2, y2, t):
    x1, y1, x2, y2, t = map(mpf, (x1, y1, x2, y2, t))
    X = lambda s: 3*x1*s*(1-s)**2 + 3*x2*s*s*(1-s) + s**3
    Y = lambda s: 3*y1*s*(1-s)**2 + 3*y2*s*s*(1-s) + s**3
    s = findroot(lambda s: X(s) - t, (mpf(0), mpf(1)), solver='anderson')
    return Y(s)
for name, cp in [('easeIn', (0.42, 0, 1, 1)), ('easeOut', (0, 0, 0.58, 1)),
                 ('easeInEaseOut', (0.42, 0, 0.58, 1)), ('default', (0.25, 0.1, 0.25, 1))]:
    vals = [mp.nstr(bez(*map(str, cp), t), 20) for t in ['0.1', '0.25', '0.5', '0.75', '0.9']]
    print(name, vals)

# SwiftUI Spring(duration: 0.5, bounce: 0.3): k = (2π/0.5)², c = 2√k·0.7
k = (2*pi/mpf('0.5'))**2
print(f"swiftui d0.5 b0.3: k={mp.nstr(k, 20)} c={mp.nstr(2*sqrt(k)*mpf('0.7'), 20)}")
# negative bounce -0.5: ζ = 1/(1-0.5) = 2
print(f"swiftui d0.5 b-0.5: c={mp.nstr(2*sqrt(k)*2, 20)}")

# Origami bounciness/speed (React Native SpringConfig.js fromBouncinessAndSpeed), re-typed
def nobounce(x):
    if x <= 18: return mpf('0.0007')*x**3 - mpf('0.031')*x**2 + mpf('0.64')*x + mpf('1.28')
    if x <= 44: return mpf('0.000044')*x**3 - mpf('0.006')*x**2 + mpf('0.36')*x + 2
    return mpf('0.00000045')*x**3 - mpf('0.000332')*x**2 + mpf('0.1078')*x + mpf('5.84')
def origami(bounciness, speed):
    b = mpf(bounciness)/mpf('1.7')/20*mpf('0.8')
    s = mpf(speed)/mpf('1.7')/20
    T = mpf('0.5') + s*(200 - mpf('0.5'))
    u = 2*b - b*b
    F = u*mpf('0.01') + (1-u)*nobounce(T)
    return (T-30)*mpf('3.62') + 194, (F-8)*3 + 25
for bs in [(8, 12), (0, 0), (20, 5), (40, 30)]:
    k, c = origami(*bs)
    print(f"origami {bs}: k={mp.nstr(k, 20)} c={mp.nstr(c, 20)}")
