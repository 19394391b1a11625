"""numba and PyTorch: compiling and gradient decorators wrap a function in place."""

from . import Framework

FRAMEWORK = Framework(
    name="numba / PyTorch",
    docs="https://numba.readthedocs.io/en/stable/user/jit.html",
    enabled_by=("numba", "torch"),
    wrapping_decorators=frozenset({"jit", "njit", "numba.jit", "numba.njit", "vectorize", "numba.vectorize",
                                   "no_grad", "torch.no_grad", "inference_mode", "torch.inference_mode",
                                   "torch.compile", "torch.jit.script"}),
)
