// scenario: keyword-spotting model running in float64 casts incoming frames in forward, but the single-frame streaming path returns early, before the cast
// tier: 2
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct KeywordSpotterImpl : torch::nn::Module {
  KeywordSpotterImpl(int64_t mel_bins, int64_t hidden, int64_t keywords) {
    frame_ = register_module("frame", torch::nn::Linear(mel_bins, hidden));
    classify_ = register_module("classify", torch::nn::Linear(hidden, keywords));
  }

  // frames: [T, mel_bins], float32 from the audio front end
  torch::Tensor forward(const torch::Tensor& frames) {
    if (frames.size(0) == 1) {
      // Streaming: one frame per call, no temporal pooling needed.
      return classify_(torch::relu(frame_(frames))); // BUG
    }
    auto x = frames.to(frame_->weight.scalar_type());
    auto h = torch::relu(frame_(x)).mean(0, /*keepdim=*/true);
    return classify_(h);
  }

  torch::nn::Linear frame_{nullptr}, classify_{nullptr};
};
TORCH_MODULE(KeywordSpotter);

int main() {
  torch::manual_seed(163);
  KeywordSpotter model(/*mel_bins=*/40, /*hidden=*/32, /*keywords=*/6);
  model->eval();
  model->to(torch::kDouble);  // bit-exact comparison against the reference decoder

  torch::NoGradGuard no_grad;
  auto utterance = torch::randn({25, 40});
  std::cout << "utterance keyword " << model->forward(utterance).argmax(1).item<int64_t>() << "\n";
  for (int t = 0; t < 3; ++t) {
    auto frame = torch::randn({1, 40});
    std::cout << "frame " << t << " keyword " << model->forward(frame).argmax(1).item<int64_t>() << "\n";
  }
  return 0;
}
