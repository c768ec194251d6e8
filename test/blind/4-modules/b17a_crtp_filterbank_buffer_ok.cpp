// scenario: a CRTP precision mixin moves a spectrogram front-end to float64; its mel filterbank is a registered buffer, so to() converts it and the matmul in the helper sees one dtype
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>

// Mixin for modules that can be switched between precisions; the derived
// class must be a torch::nn::Module.
template <typename Derived> class PrecisionMixin {
public:
  void to_precision(torch::Dtype dtype) {
    self().to(dtype);
    dtype_ = dtype;
  }
  torch::Tensor cast_input(const torch::Tensor &x) const { return x.to(dtype_); }
  torch::Dtype precision() const { return dtype_; }

private:
  Derived &self() { return static_cast<Derived &>(*this); }
  torch::Dtype dtype_ = torch::kFloat32;
};

torch::Tensor triangular_filterbank(int64_t n_freqs, int64_t n_mels) {
  auto centers = torch::linspace(0, n_freqs - 1, n_mels + 2);
  auto freqs = torch::arange(n_freqs).to(torch::kFloat).unsqueeze(1);
  auto left = centers.slice(0, 0, n_mels), mid = centers.slice(0, 1, n_mels + 1),
       right = centers.slice(0, 2, n_mels + 2);
  auto up = (freqs - left) / (mid - left), down = (right - freqs) / (right - mid);
  return torch::clamp_min(torch::min(up, down), 0.0); // [n_freqs, n_mels]
}

torch::Tensor apply_filterbank(const torch::Tensor &power_spec, const torch::Tensor &fb) {
  // power_spec: [batch, frames, n_freqs]
  return torch::log(torch::matmul(power_spec, fb) + 1e-6);
}

class MelFrontendImpl : public torch::nn::Module, public PrecisionMixin<MelFrontendImpl> {
public:
  MelFrontendImpl(int64_t n_freqs, int64_t n_mels, int64_t out_dim) {
    mel_fb = register_buffer("mel_fb", triangular_filterbank(n_freqs, n_mels));
    proj = register_module("proj", torch::nn::Linear(n_mels, out_dim));
  }
  torch::Tensor forward(const torch::Tensor &power_spec) {
    return proj(apply_filterbank(power_spec, mel_fb));
  }

  torch::Tensor mel_fb;
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(MelFrontend);

void copy_weights(MelFrontend &dst, MelFrontend &src) {
  torch::NoGradGuard no_grad;
  auto from = src->named_parameters();
  for (auto &item : dst->named_parameters())
    item.value().copy_(from[item.key()]);
}

int main() {
  torch::manual_seed(0);
  MelFrontend fast(33, 8, 6);
  MelFrontend reference(33, 8, 6);
  copy_weights(reference, fast);
  reference->to_precision(torch::kFloat64);

  auto spec = torch::rand({2, 7, 33});
  auto out32 = fast->forward(spec);
  auto out64 = reference->forward(reference->cast_input(spec));
  auto max_err = (out64 - out32).abs().max().item<double>();
  std::cout << "max |fp64 - fp32| = " << max_err << "\n";
  return max_err < 1e-3 ? 0 : 1;
}
