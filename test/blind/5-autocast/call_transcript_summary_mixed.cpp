// scenario: a call-centre analytics job pools bf16 autocast encodings with float metadata, classifies them inside the region and normalises outside it
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <functional>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

namespace {

class AutocastGuard {
public:
  AutocastGuard() : prev_(at::autocast::is_cpu_enabled()) { at::autocast::set_cpu_enabled(true); }
  ~AutocastGuard() {
    at::autocast::set_cpu_enabled(prev_);
    if (!prev_) at::autocast::clear_cache();
  }
  static bool active() { return at::autocast::is_cpu_enabled(); }

private:
  bool prev_;
};

struct Segment {
  torch::Tensor acoustic; // [frames, 40]
  torch::Tensor metadata; // [8] float: duration, speaker turns, ...
  int64_t label;
};

class TranscriptAnalyzer {
public:
  TranscriptAnalyzer()
      : encoder_(torch::nn::Linear(40, 56)), classifier_(torch::nn::Linear(64, 5)),
        norm_(torch::nn::LayerNorm(torch::nn::LayerNormOptions({64}))) {}

  std::pair<torch::Tensor, torch::Tensor> run(const std::vector<Segment> &segments) {
    std::vector<torch::Tensor> pooled, labels;
    torch::Tensor loss, features;
    {
      AutocastGuard guard;
      for (const auto &s : segments) {
        auto enc = encoder_(s.acoustic).amax(0);        // bf16 under autocast
        pooled.push_back(torch::cat({enc, s.metadata})); // cat promotes to float
        labels.push_back(torch::tensor(s.label));
      }
      features = torch::stack(pooled);
      auto logits = classifier_(features); // autocast casts the float features back
      loss = F::cross_entropy(logits, torch::stack(labels));
    }
    auto summary = norm_(features);
    return {loss, summary};
  }

private:
  torch::nn::Linear encoder_, classifier_;
  torch::nn::LayerNorm norm_;
};

} // namespace

int main() {
  std::vector<Segment> segments;
  for (int i = 0; i < 4; ++i) segments.push_back({torch::randn({50 + 10 * i, 40}), torch::rand({8}), i % 5});
  TranscriptAnalyzer analyzer;
  auto [loss, summary] = analyzer.run(segments);
  std::cout << "loss " << loss.item<float>() << " (" << loss.dtype() << "), summary " << summary.sizes()
            << ", autocast still on: " << AutocastGuard::active() << "\n";
  return AutocastGuard::active() ? 1 : 0;
}
