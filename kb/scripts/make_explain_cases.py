#!/usr/bin/env python3
"""Writes kb/explain-cases.json: realistic logs (what a LibTorch or PyTorch user
pastes) for every message of the knowledge base, in its LibTorch 1.13 and 2.x
forms, plus messages no record may claim (expect null). check_kb.py checks that
exactly the expected record's regex matches each text.

The 1.13 backtraces follow what Debian's libtorch 1.13.1 printed here; the 2.x
ones follow the layout of the official LibTorch archives.
usage: make_explain_cases.py [OUT]   (default: kb/explain-cases.json)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

FRAMES_113 = [
    "c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x9e (0x7fbb155a69ae in /lib/x86_64-linux-gnu/libc10.so.1.13)",
    "c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&) + 0x74 (0x7fbb1557379e in /lib/x86_64-linux-gnu/libc10.so.1.13)",
    "<unknown function> + 0x11902c2 (0x7fbb0f3902c2 in /lib/x86_64-linux-gnu/libtorch_cpu.so.1.13)",
    "at::_ops::{op}::call(at::Tensor const&, at::Tensor const&) + 0x16b (0x7fbb0fe2d15b in /lib/x86_64-linux-gnu/libtorch_cpu.so.1.13)",
    "<unknown function> + 0x107e8 (0x55d6eddcf7e8 in ./train)",
    "__libc_start_main + 0x85 (0x7fbb0dc45305 in /lib/x86_64-linux-gnu/libc.so.6)",
]
FRAMES_2X = [
    "c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b8c96c446 in /opt/libtorch/lib/libc10.so)",
    "c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x68 (0x7f3b8c9166e4 in /opt/libtorch/lib/libc10.so)",
    "<unknown function> + 0x1f2a8e1 (0x7f3b75d2a8e1 in /opt/libtorch/lib/libtorch_cpu.so)",
    "at::_ops::{op}::call(at::Tensor const&, at::Tensor const&) + 0x1a2 (0x7f3b76a1c7b2 in /opt/libtorch/lib/libtorch_cpu.so)",
    "main + 0x1c4 (0x55e0c1a3b2f4 in /home/user/app/build/train)",
    "__libc_start_main + 0x80 (0x7f3b73a29e40 in /lib/x86_64-linux-gnu/libc.so.6)",
]


def backtrace(version, raised_from, op):
    frames = FRAMES_113 if version == "1.13" else FRAMES_2X
    lines = ["Exception raised from %s (most recent call first):" % raised_from]
    for i, f in enumerate(frames):
        lines.append("frame #%d: %s" % (i, f.replace("{op}", op)))
    return "\n".join(lines)


def terminate(msg, version, raised_from, op="mm", kind="c10::Error"):
    """An uncaught exception in a C++ program (what() with its backtrace)."""
    text = "terminate called after throwing an instance of '%s'\n  what():  %s\n" % (kind, msg)
    if kind.startswith("c10::"):
        text += backtrace(version, raised_from, op) + "\n"
    return text + "Aborted (core dumped)\n"


def logged(msg, version, raised_from, op="mm"):
    """A C++ program that catches c10::Error and logs e.what()."""
    return ("[2026-03-14 09:26:53.589] [trainer] [error] step 1200 failed: %s\n%s\n"
            "[2026-03-14 09:26:53.590] [trainer] [info] saving checkpoint before exit\n"
            % (msg, backtrace(version, raised_from, op)))


def short(msg):
    """A C++ program that logs what_without_backtrace()."""
    return "E0314 09:26:53.589211 41872 inference.cpp:88] forward failed: %s\n" % msg


def python(msg, exc="RuntimeError", line="out = model(x)"):
    return ("Traceback (most recent call last):\n"
            '  File "/home/user/project/train.py", line 57, in <module>\n'
            "    %s\n"
            '  File "/usr/lib/python3/dist-packages/torch/nn/modules/module.py", line 1501, in _call_impl\n'
            "    return forward_call(*args, **kwargs)\n"
            "%s: %s\n" % (line, exc, msg))


BCE = ("torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
       "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
       "In this case, combine the two layers using torch.nn.functional.binary_cross_entropy_with_logits\n"
       "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
       "safe to autocast.")

TM113 = "data_ptr<float> at ./build/aten/src/ATen/core/TensorMethods.cpp:20"
TM2 = "check_type at /pytorch/build/aten/src/ATen/core/TensorMethods.cpp:12"
LA113 = "meta at ./aten/src/ATen/native/LinearAlgebra.cpp:158"
LA2 = "meta at /pytorch/aten/src/ATen/native/LinearAlgebra.cpp:188"


def cases():
    c = []

    def add(expect, text, note):
        c.append({"note": note, "expect": expect, "text": text})

    e = "pytorch/embedding-index-dtype"
    add(e, short("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead (while checking arguments for embedding)"), "embedding with float32 indices, logged")
    add(e, python("Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got torch.cuda.HalfTensor instead (while checking arguments for embedding)", line="h = self.embed(ids)"), "embedding with half indices (Python)")

    s = "pytorch/scalar-type-mismatch"
    add(s, terminate("expected scalar type Float but found Half", "1.13", TM113), "1.13 mm(f32, f16), uncaught")
    add(s, logged("expected scalar type Double but found Float", "2.x", TM2, "conv2d"), "2.x conv2d without bias, logged what()")
    add(s, python("expected scalar type Long but found Float", line="loss = F.cross_entropy(logits, target)"), "cross_entropy with a float target (Python)")
    add(s, short("expected scalar type Float but found BFloat16"), "1.13 mv under CPU autocast, what_without_backtrace")

    s = "pytorch/addmm-dtype-mismatch"
    add(s, terminate("mat1 and mat2 must have the same dtype", "1.13", LA113, "linear"), "1.13 nn::Linear with a double input")
    add(s, short("self and mat2 must have the same dtype"), "1.13 in-place addmm_ under CPU autocast")
    add(s, logged("mat1 and mat2 must have the same dtype, but got Double and Float", "2.x", LA2, "addmm"), "2.x linear with bias")
    add(s, python("self and mat2 must have the same dtype, but got Float and BFloat16", line="acc.addmm_(a, b)"), "2.x addmm_ (Python)")

    s = "pytorch/mm-kernel-dtype-mismatch"
    add(s, logged("expected m1 and m2 to have the same dtype, but got: float != c10::Half", "2.x",
                  "addmm_impl_cpu_ at /pytorch/aten/src/ATen/native/LinearAlgebra.cpp:1401"), "2.x CPU mm(f32, f16)")
    add(s, python("expected mat1 and mat2 to have the same dtype, but got: c10::Half != float"), "2.x CUDA mm (Python)")
    add(s, short("expected mat1 and mat2 to have the same dtype, but got: float != c10::BFloat16"), "2.x CUDA, short")

    s = "pytorch/dot-dtype-mismatch"
    add(s, terminate("dot : expected both vectors to have same dtype, but found Float and Half", "1.13",
                     "dot at ./aten/src/ATen/native/Blas.cpp:122", "dot"), "1.13 1-D matmul")
    add(s, python("dot : expected both vectors to have same dtype, but found Float and BFloat16", line="s = torch.dot(a, b)"), "2.x (Python)")

    s = "pytorch/conv-type-mismatch"
    add(s, terminate("Input type (double) and bias type (float) should be the same", "1.13",
                     "conv2d at ./aten/src/ATen/native/Convolution.cpp:813", "conv2d"), "1.13 nn::Conv2d with a double input")
    add(s, logged("Input type (float) and bias type (c10::Half) should be the same", "2.x",
                  "conv2d_symint at /pytorch/aten/src/ATen/native/Convolution.cpp:952", "conv2d"), "2.x bias variant")
    add(s, logged("Input type (CUDAFloatType) and weight type (CPUFloatType) should be the same", "2.x",
                  "check_input_same_type_as_parameters at /pytorch/aten/src/ATen/native/Convolution.cpp:779", "conv2d"), "2.x device mismatch seen by conv")
    add(s, python("Input type (torch.cuda.HalfTensor) and weight type (torch.cuda.FloatTensor) should be the same"), "Python-rewritten type names")
    add(s, short("Input type (MkldnnCPUFloatType) and weight type (CPUDoubleType) should be the same or input should be a MKLDNN tensor and weight is a dense tensor"), "1.13 MKLDNN input (observed)")

    s = "pytorch/cudnn-argument-type-mismatch"
    add(s, terminate("Expected tensor for argument #1 'input' to have the same type as tensor for argument #2 'weight'; but type CUDAHalfType does not equal CUDAFloatType (while checking arguments for cudnn_convolution)",
                     "1.13", "checkSameType at ./aten/src/ATen/TensorUtils.cpp:176", "convolution"), "1.13 cuDNN conv")
    add(s, python("Expected tensor for argument #1 'input' to have the same type as tensor for argument #2 'weight'; but type CUDAFloatType does not equal CUDAHalfType (while checking arguments for cudnn_batch_norm)"), "2.x cuDNN batch norm")

    s = "pytorch/result-type-cast"
    add(s, terminate("result type Float can't be cast to the desired output type Long", "1.13",
                     "compute_types at ./aten/src/ATen/TensorIterator.cpp:492", "add_"), "1.13 long.add_(float)")
    add(s, python("result type Float can't be cast to the desired output type Long", line="counts += weights"), "2.x in-place (Python)")
    add(s, short("result type Float can't be cast to the desired output type long int"), "1.13 int64 clamp_(0.5) (observed)")

    s = "pytorch/found-dtype-expected"
    add(s, logged("Found dtype Double but expected Float", "1.13",
                  "compute_types at ./aten/src/ATen/TensorIterator.cpp:420", "mse_loss_backward"), "1.13 mse_loss backward (observed)")
    add(s, python("Found dtype Double but expected Float", line="loss.backward()"), "2.x mse_loss backward (Python)")

    s = "pytorch/half-overflow"
    add(s, terminate("value cannot be converted to type at::Half without overflow", "1.13", "", kind="std::runtime_error"), "1.13 fill_(1e6) on Half (observed)")
    add(s, python("value cannot be converted to type at::Half without overflow", line="scores = scores.masked_fill(mask, -1e9)"), "2.x masked_fill (Python)")

    s = "pytorch/dtype-not-implemented"
    add(s, terminate("\"addmm_impl_cpu_\" not implemented for 'Half'", "1.13",
                     "operator() at ./aten/src/ATen/native/LinearAlgebra.cpp:1308"), "1.13 CPU mm in half (observed)")
    add(s, python("\"LayerNormKernelImpl\" not implemented for 'Half'", line="h = self.norm(h)"), "1.13 CPU LayerNorm in half")
    add(s, logged("\"slow_conv2d_cpu\" not implemented for 'Half'", "1.13",
                  "operator() at ./aten/src/ATen/native/ConvolutionMM2d.cpp:617", "conv2d"), "1.13 CPU conv in half (observed)")
    add(s, python("\"addmm_impl_cpu_\" not implemented for 'Half'", line="y = x @ w"), "2.0 CPU mm in half (Python)")

    s = "pytorch/device-mismatch"
    add(s, terminate("Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument mat2 in method wrapper_mm)",
                     "1.13", "common_device_check_failure at ./aten/src/ATen/core/adaption.cpp:10"), "1.13 dispatcher form")
    add(s, logged("Expected all tensors to be on the same device, but found at least two devices, cpu and cuda:0! (when checking argument for argument mat2 in method wrapper_CUDA_mm)",
                  "2.x", "common_device_check_failure at /pytorch/aten/src/ATen/core/adaption.cpp:10"), "2.6 dispatcher form")
    add(s, python("Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!", line="y = a + b"), "TensorIterator form, no tail")
    add(s, logged("Expected all tensors to be on the same device, but got mat2 is on cpu, different from other tensors on cuda:0 (when checking argument in method wrapper_CUDA_mm)",
                  "2.x", "common_device_check_failure at /pytorch/aten/src/ATen/core/adaption.cpp:10"), "mid-2025 dispatcher form")
    add(s, python("Expected all tensors to be on the same device, but got index is on cuda:0, different from other tensors on cpu (when checking argument in method wrapper_CUDA__index_select)",
                  line="emb = self.embed(ids)"), "mid-2025 form (Python)")

    s = "pytorch/mps-float64"
    add(s, terminate("Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead.",
                     "2.x", "empty_mps at /pytorch/aten/src/ATen/mps/EmptyTensor.cpp:46", "empty", kind="c10::TypeError"), "2.x Double factory on mps")
    add(s, python("Cannot convert a float64 Tensor to MPS as the MPS framework doesn't support float64. Please use float32 instead.",
                  exc="TypeError", line="x = torch.from_numpy(arr).to('mps')"), "float64 moved to mps (Python)")
    add(s, short("Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead."), "1.13 form, short")

    s = "pytorch/mps-bfloat16"
    add(s, python("MPS BFloat16 is only supported on MacOS 14 or newer", exc="TypeError", line="model.to('mps', dtype=torch.bfloat16)"), "2.x on macOS 13")
    add(s, short("Trying to convert BFloat16 to the MPS backend but it does not have support for that dtype."), "1.13 bf16 on mps")
    add(s, terminate("MPS bfloat16 type is supported on MacOS 14.0 or newer.", "2.x",
                     "getMPSDataType at /pytorch/aten/src/ATen/native/mps/OperationUtils.mm:72", "to", kind="c10::TypeError"), "2.x getMPSDataType")

    s = "pytorch/autocast-bce-unsafe"
    add(s, terminate(BCE, "1.13", "binary_cross_entropy_banned at ./aten/src/ATen/autocast_mode.cpp:267", "binary_cross_entropy"), "1.13 C++ under CUDA autocast")
    add(s, python(BCE, line="loss = F.binary_cross_entropy(torch.sigmoid(logits), y)"), "2.x Python")

    s = "pytorch/autocast-cpu-dtype"
    add(s, terminate("Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype", "1.13",
                     "set_autocast_cpu_dtype at ./aten/src/ATen/autocast_mode.cpp:106", "mm"), "1.13 set_autocast_cpu_dtype(kHalf) (observed)")

    s = "pytorch/amp-gradscaler-dtype"
    add(s, ("Traceback (most recent call last):\n"
            '  File "/home/user/project/train.py", line 88, in <module>\n'
            "    scaler.step(optimizer)\n"
            '  File "/usr/lib/python3/dist-packages/torch/amp/grad_scaler.py", line 451, in step\n'
            "    self.unscale_(optimizer)\n"
            '  File "/usr/lib/python3/dist-packages/torch/amp/grad_scaler.py", line 260, in _unscale_grads_\n'
            '    raise ValueError("Attempting to unscale FP16 gradients.")\n'
            "ValueError: Attempting to unscale FP16 gradients.\n"), "2.x GradScaler with a half model")
    add(s, python("Attempting to unscale FP16 gradients.", exc="ValueError", line="scaler.step(optimizer)"), "1.13 torch.cuda.amp.GradScaler")

    s = "pytorch/index-put-dtype-mismatch"
    add(s, terminate("Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.", "1.13",
                     "make_index_put_iterator at ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:539", "index_put_"), "1.13 index_put_ with a Long index (observed)")

    s = "pytorch/index-copy-dtype-mismatch"
    add(s, logged("index_copy_(): self and source expected to have the same dtype, but got (self) Float and (source) Double", "2.x",
                  "meta at /pytorch/aten/src/ATen/native/TensorAdvancedIndexing.cpp:293", "index_copy_"), "2.x index_copy_ (source text)")

    s = "pytorch/index-add-dtype-mismatch"
    add(s, python("index_add_(): self (Float) and source (Half) must have the same scalar type", line="acc.index_add_(0, idx, grads)"), "index_add_ of half values (Python)")

    s = "pytorch/masked-scatter-dtype-mismatch"
    add(s, short("masked_scatter: expected self and source to have same dtypes but gotFloat and Double"), "1.13 CPU masked_scatter_ (observed)")

    s = "pytorch/scatter-src-dtype-mismatch"
    add(s, terminate("scatter(): Expected self.dtype to be equal to src.dtype", "1.13",
                     "scatter_gather_dtype_check at ./aten/src/ATen/native/ScatterGatherChecks.h:29", "scatter_add_"), "1.13 scatter_add_ of ones_like(index) (observed)")

    s = "pytorch/put-dtype-mismatch"
    add(s, short("put_(): self and source expected to have the same dtype, but got self.dtype = Float and source.dtype = Double"), "1.13 put_ (observed)")

    s = "pytorch/lerp-dtype-mismatch"
    add(s, python("expected dtype float for `end` but got dtype c10::BFloat16", line="ema.lerp_(p, 1 - decay)"), "EMA lerp_ with bf16 params (Python)")

    s = "pytorch/bool-arithmetic"
    add(s, terminate("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.", "1.13",
                     "sub_check at ./aten/src/ATen/native/BinaryOps.h:26", "sub_"), "1.13 1 - mask (observed)")
    add(s, python("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.",
                  line="keep = scores - overlap"), "tensor minus mask (Python)")
    add(s, short("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."), "1.13 -mask (observed)")

    s = "pytorch/out-dtype-mismatch"
    add(s, terminate("Expected out tensor to have dtype long int, but got int instead", "1.13",
                     "resize_out at ./build/aten/src/ATen/RegisterCPU.cpp:1187", "argmax_out"), "1.13 argmax_out into an int out (observed)")

    # Messages no record may claim.
    add(None, python("MPS backend out of memory (MPS allocated: 18.04 GB, other allocations: 6.53 MB, max allowed: 18.13 GB). Tried to allocate 256.00 MB on private pool. Use PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system failure)."), "MPS out of memory")
    add(None, python("CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 7.79 GiB total capacity; 6.50 GiB already allocated; 11.69 MiB free; 6.58 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation."), "CUDA OOM, 1.13 wording")
    add(None, terminate("CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.06 GiB is free. Of the allocated memory 20.11 GiB is allocated by PyTorch, and 1.89 GiB is reserved by PyTorch but unallocated.", "2.x",
                        "malloc at /pytorch/c10/cuda/CUDACachingAllocator.cpp:1245", "empty", kind="c10::OutOfMemoryError"), "CUDA OOM, 2.x wording")
    add(None, terminate("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)", "1.13", "meta at ./aten/src/ATen/native/LinearAlgebra.cpp:169", "mm"), "shape mismatch in mm")
    add(None, python("The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1", line="y = a + b"), "broadcast shape mismatch")
    add(None, short("select(): index 5 out of range for tensor of size [3] at dimension 0"), "index error (1.13, observed)")
    add(None, python("index 5 is out of bounds for dimension 0 with size 3", exc="IndexError", line="v = t[5]"), "index error (Python)")
    add(None, terminate("open file failed because of errno 2 on fopen: , file path: /nonexistent/model.pt", "1.13",
                        "RAIIFile at ./caffe2/serialize/file_adapter.cc:21", "load"), "torch::jit::load of a missing file (1.13, observed)")
    add(None, terminate("open file failed because of errno 2 on fopen: No such file or directory, file path: model.pt", "2.x",
                        "RAIIFile at /pytorch/caffe2/serialize/file_adapter.cc:30", "load"), "torch::jit::load of a missing file (2.x)")
    add(None, short("promote type is double in at::autocast::prioritize"), "autocast internal check (unreachable from user code)")
    add(None, short("PyTorch is not linked with support for cuda devices"), "CPU-only build asked for CUDA")
    add(None, short("Could not run 'aten::empty.memory_format' with arguments from the 'MPS' backend. This could be because the operator doesn't exist for this backend, or was omitted during the selective/custom build process (if using custom build)."), "no MPS backend")
    return c


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "explain-cases.json")
    with open(out, "w", encoding="utf-8") as f:
        json.dump(cases(), f, ensure_ascii=False, indent=2)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
