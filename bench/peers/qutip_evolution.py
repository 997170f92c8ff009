"""The time-evolution peer of bench/peers-evolution.bench.ts: QuTiP's sesolve (and scipy's
DOP853) on the problem the bench sends, in a long-lived process so that importing QuTiP (about a
second) is paid once and each run can be timed on its own, interleaved with ours.

Protocol: one JSON object per line on stdin, one JSON object per line on stdout.

  {"op": "hello"}
      -> {"ok": true, "qutip": "4.7.1", "scipy": "1.10.1", "numpy": "1.24.2"}
  {"op": "run", "solver": "qutip" | "dop853", "rtol": r, "atol": a, "problem": P}
      -> {"ok": true, "ms": wall time, "cpuMs": this process's CPU time (building H and solving),
          "values": [[<O> for each observable] for each time]}
  anything that fails -> {"ok": false, "error": "..."}

P = {"nqubits": n, "times": [t0, ...], "initial": "+-01..." (one character per qubit, qubit 0
first), "terms": [{"paulis": [[coefficient, "X0 Z1"], ...], "points": [[t, value], ...]}],
"observables": [[[coefficient, "Z0"], ...], ...]}. H(t) = sum over terms of the piecewise-linear
coefficient through `points` times the term's Pauli sum; "values" holds <O> for each observable
at each time. Qubit q is tensor factor q (QuTiP's order); the expectations do not depend on it.

Everything runs on one thread, like our engine: QuTiP's OpenMP matrix-vector product is off
(on a machine shared with other jobs its spinning threads made runs 3-30x slower and erratic)
and so are BLAS threads.

Run it with the interpreter that has QuTiP (Debian: /usr/bin/python3 after
`sudo apt-get install python3-qutip`).
"""

import json
import os
import sys
import time

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import numpy as np
import qutip
import scipy
import scipy.sparse as sp
from scipy.integrate import solve_ivp

qutip.settings.use_openmp = False
qutip.settings.num_cpus = 1

PAULI = {
    "I": sp.identity(2, dtype=complex, format="csr"),
    "X": sp.csr_matrix(np.array([[0, 1], [1, 0]], dtype=complex)),
    "Y": sp.csr_matrix(np.array([[0, -1j], [1j, 0]], dtype=complex)),
    "Z": sp.csr_matrix(np.array([[1, 0], [0, -1]], dtype=complex)),
}
KET = {
    "0": np.array([1, 0], dtype=complex),
    "1": np.array([0, 1], dtype=complex),
    "+": np.array([1, 1], dtype=complex) / np.sqrt(2),
    "-": np.array([1, -1], dtype=complex) / np.sqrt(2),
}


def factors(string, n):
    """'X0 Z3' -> ['X', 'I', 'I', 'Z', ...] (n entries)."""
    out = ["I"] * n
    for token in string.split():
        out[int(token[1:])] = token[0]
    return out


def pauli_sum_sparse(paulis, n):
    total = sp.csr_matrix((2**n, 2**n), dtype=complex)
    for coefficient, string in paulis:
        m = sp.identity(1, dtype=complex, format="csr")
        for letter in factors(string, n):
            m = sp.kron(m, PAULI[letter], format="csr")
        total = total + coefficient * m
    return total


def pauli_sum_qobj(paulis, n):
    total = 0
    for coefficient, string in paulis:
        ops = [
            qutip.identity(2) if f == "I" else getattr(qutip, "sigma" + f.lower())()
            for f in factors(string, n)
        ]
        total = total + coefficient * qutip.tensor(ops)
    return total


def initial_vector(initial):
    v = np.array([1], dtype=complex)
    for ch in initial:
        v = np.kron(v, KET[ch])
    return v


def coefficient(points):
    ts = np.array([p[0] for p in points], dtype=float)
    vs = np.array([p[1] for p in points], dtype=float)
    return lambda t, args=None: float(np.interp(t, ts, vs))


def run_qutip(problem, rtol, atol):
    n = problem["nqubits"]
    h = qutip.QobjEvo(
        [[pauli_sum_qobj(t["paulis"], n), coefficient(t["points"])] for t in problem["terms"]]
    )
    psi0 = qutip.Qobj(initial_vector(problem["initial"]), dims=[[2] * n, [1] * n])
    e_ops = [pauli_sum_qobj(o, n) for o in problem["observables"]]
    options = qutip.Options(rtol=rtol, atol=atol, nsteps=10**7)
    result = qutip.sesolve(h, psi0, problem["times"], e_ops=e_ops, options=options)
    times = range(len(problem["times"]))
    return [[float(np.real(result.expect[k][i])) for k in range(len(e_ops))] for i in times]


def run_dop853(problem, rtol, atol):
    """scipy's DOP853 on psi' = -i H(t) psi with sparse H, stopping at every time of the grid."""
    n = problem["nqubits"]
    parts = [(pauli_sum_sparse(t["paulis"], n), coefficient(t["points"])) for t in problem["terms"]]
    e_ops = [pauli_sum_sparse(o, n) for o in problem["observables"]]

    def rhs(t, psi):
        out = parts[0][1](t) * (parts[0][0] @ psi)
        for m, c in parts[1:]:
            out += c(t) * (m @ psi)
        return -1j * out

    psi = initial_vector(problem["initial"])
    times = problem["times"]
    values = []
    for i, t in enumerate(times):
        if i > 0:
            sol = solve_ivp(rhs, (times[i - 1], t), psi, method="DOP853", rtol=rtol, atol=atol)
            if not sol.success:
                raise RuntimeError(sol.message)
            psi = sol.y[:, -1]
        values.append([float(np.real(np.vdot(psi, o @ psi))) for o in e_ops])
    return values


SOLVERS = {"qutip": run_qutip, "dop853": run_dop853}


def handle(request):
    if request["op"] == "hello":
        versions = {"qutip": qutip.__version__, "scipy": scipy.__version__, "numpy": np.__version__}
        return {"ok": True, **versions}
    if request["op"] == "run":
        solve = SOLVERS[request["solver"]]
        started = time.perf_counter()
        cpu = time.process_time()
        values = solve(request["problem"], request["rtol"], request["atol"])
        cpu_ms = (time.process_time() - cpu) * 1000
        ms = (time.perf_counter() - started) * 1000
        return {"ok": True, "ms": ms, "cpuMs": cpu_ms, "values": values}
    raise ValueError("unknown op " + repr(request["op"]))


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = handle(json.loads(line))
        except Exception as err:  # noqa: BLE001 - every failure goes back to the bench as text
            reply = {"ok": False, "error": f"{type(err).__name__}: {err}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
