// scenario: sensor-trace smoother run in float64; the constructor registers the raw Hann window and then rebinds the member to a normalised copy that is no longer a buffer
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct SignalSmootherImpl : torch::nn::Module {
  explicit SignalSmootherImpl(int64_t width) : width_(width) {
    window_ = torch::hann_window(width, /*periodic=*/false);
    register_buffer("window", window_);
    // Normalise to unit gain and shape it as a conv1d kernel [out, in, k].
    window_ = (window_ / window_.sum()).view({1, 1, width});
  }

  // signal: [B, T]
  torch::Tensor forward(const torch::Tensor& signal) {
    auto x = signal.unsqueeze(1);
    auto smoothed = torch::conv1d(x, window_, /*bias=*/{}, /*stride=*/1, // BUG
                                  /*padding=*/width_ / 2);
    return smoothed.squeeze(1);
  }

  int64_t width_;
  torch::Tensor window_;
};
TORCH_MODULE(SignalSmoother);

// Strain-gauge readings accumulate in double on the acquisition side, so the
// smoother is converted once rather than converting every trace.
torch::Tensor acquire_traces(int64_t batch, int64_t length) {
  std::vector<double> samples;
  samples.reserve(batch * length);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t t = 0; t < length; ++t)
      samples.push_back(1e3 + 0.5 * b + ((t * 37 + b * 11) % 17) * 0.01);
  return torch::tensor(samples, torch::kDouble).view({batch, length});
}

int main() {
  SignalSmoother smoother(/*width=*/9);
  smoother->to(torch::kDouble);

  auto traces = acquire_traces(/*batch=*/3, /*length=*/128);
  auto smooth = smoother->forward(traces);
  auto residual = (traces - smooth).abs().mean();
  std::cout << "mean residual " << residual.item<double>() << "\n";
  return 0;
}
