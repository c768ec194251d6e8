"""Python wrappers of fused_ops, as extensions ship them beside the C++.

blend_features reads its weights with the input's element type. Under
autocast the input is an autocast activation (bfloat16 on CPU, float16 on
CUDA) and the weights a float32 parameter, so the wrapper casts both to
autocast's dtype before the call, as apex's fused layers do. torchdtype's
dispatch-operand-dtype reads this file (PythonWrappers option) and does not
report blend_features; fused_ops.weighted_features has no wrapper and is
reported.
"""
import torch

import fused_ops


def _cast_if_autocast_enabled(*args):
    """The tensors of args in autocast's dtype when autocast is on."""
    if torch.is_autocast_cpu_enabled():
        dtype = torch.get_autocast_cpu_dtype()
    elif torch.is_autocast_enabled():
        dtype = torch.get_autocast_gpu_dtype()
    else:
        return args
    return tuple(a.to(dtype) if isinstance(a, torch.Tensor) and a.is_floating_point() else a
                 for a in args)


def blend_features(x, w):
    x, w = _cast_if_autocast_enabled(x, w)
    return fused_ops.blend_features(x, w)
