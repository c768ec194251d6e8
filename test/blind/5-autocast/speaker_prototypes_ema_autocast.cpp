// scenario: a speaker-verification step runs the encoder under CPU bfloat16 autocast and updates float32 class prototypes with lerp_ inside the region
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected dtype float for `end` but got dtype c10::BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cstdint>
#include <iostream>
#include <vector>

// Enables CPU autocast for its lifetime and restores the previous state.
class CpuAutocastScope {
public:
  explicit CpuAutocastScope(torch::ScalarType dtype)
      : wasEnabled_(at::autocast::is_cpu_enabled()),
        previousDtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(wasEnabled_);
    at::autocast::set_autocast_cpu_dtype(previousDtype_);
    at::autocast::clear_cache();
  }

private:
  bool wasEnabled_;
  torch::ScalarType previousDtype_;
};

int main() {
  torch::manual_seed(37);
  const int64_t kSpeakers = 8;
  const int64_t kFrameDim = 40;
  const int64_t kEmbedDim = 64;
  const double kMomentum = 0.1;

  torch::nn::Sequential encoder(torch::nn::Linear(kFrameDim, 128), torch::nn::ReLU(),
                                torch::nn::Linear(128, kEmbedDim));
  torch::Tensor prototypes = torch::nn::functional::normalize(torch::randn({kSpeakers, kEmbedDim}));
  torch::optim::SGD optimizer(encoder->parameters(), torch::optim::SGDOptions(0.01));

  std::vector<int64_t> speakerOfUtterance = {0, 0, 3, 3, 3, 5, 7, 7};
  torch::Tensor speakers = torch::tensor(speakerOfUtterance);
  torch::Tensor frames = torch::randn({speakers.size(0), 20, kFrameDim});

  for (int step = 0; step < 2; ++step) {
    torch::Tensor loss;
    {
      CpuAutocastScope autocast(torch::kBFloat16);
      torch::Tensor utterances = encoder->forward(frames).mean(1);
      torch::Tensor embeddings = torch::nn::functional::normalize(
          utterances, torch::nn::functional::NormalizeFuncOptions().dim(1));
      torch::Tensor logits = torch::matmul(embeddings, prototypes.t()) * 10.0;
      loss = torch::nn::functional::cross_entropy(logits, speakers);

      torch::NoGradGuard noGrad;
      torch::Tensor seen = std::get<0>(torch::_unique(speakers));
      for (int64_t i = 0; i < seen.size(0); ++i) {
        int64_t spk = seen[i].item<int64_t>();
        torch::Tensor centroid = embeddings.index({speakers == spk}).mean(0);
        prototypes[spk].lerp_(centroid, kMomentum); // BUG
      }
      prototypes = torch::nn::functional::normalize(prototypes);
    }
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
