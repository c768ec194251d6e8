// scenario: distils a multi-label tagger from a teacher whose hard pseudo-labels come out of one_hot/masked_fill as int64
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct TaggerConfig {
  int64_t numTags = 12;
  int64_t featureDim = 48;
  double confidence = 0.8;
  double lr = 0.01;
};

// Hard pseudo-labels: every clip keeps the teacher's top tag, plus any tag
// the teacher is confident about.
torch::Tensor pseudoLabels(const torch::Tensor &teacherLogits, double confidence) {
  torch::Tensor top = teacherLogits.argmax(1);
  torch::Tensor labels = torch::one_hot(top, teacherLogits.size(1));
  torch::Tensor confident = torch::sigmoid(teacherLogits) > confidence;
  return labels.masked_fill(confident, 1);
}

// Rare tags get a larger positive weight, from the pseudo-label counts.
torch::Tensor positiveWeights(const torch::Tensor &labels) {
  torch::Tensor positives = labels.sum(0).to(torch::kFloat).clamp_min(1.0);
  torch::Tensor negatives = labels.size(0) - positives;
  return (negatives / positives).clamp(1.0, 10.0);
}

torch::Tensor distillationLoss(const torch::Tensor &studentLogits, const torch::Tensor &targets,
                               const torch::Tensor &posWeight) {
  return torch::binary_cross_entropy_with_logits(studentLogits, targets, {}, posWeight); // BUG
}

int main() {
  torch::manual_seed(5);
  TaggerConfig cfg;
  torch::nn::Sequential teacher(torch::nn::Linear(cfg.featureDim, 64), torch::nn::ReLU(),
                                torch::nn::Linear(64, cfg.numTags));
  torch::nn::Linear student(cfg.featureDim, cfg.numTags);
  torch::optim::Adam optimizer(student->parameters(), torch::optim::AdamOptions(cfg.lr));
  teacher->eval();

  for (int step = 0; step < 3; ++step) {
    torch::Tensor clips = torch::randn({32, cfg.featureDim});
    torch::Tensor targets;
    {
      torch::NoGradGuard noGrad;
      targets = pseudoLabels(teacher->forward(clips), cfg.confidence);
    }
    torch::Tensor weights = positiveWeights(targets);
    torch::Tensor loss = distillationLoss(student(clips), targets, weights);
    optimizer.zero_grad();
    loss.backward();
    optimizer.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
