// scenario: a shelf-detection service post-processes boxes with a soft-NMS written from the Python reference; the overlap helper returns a Bool mask from a comparison, and the decay step computes 1 - mask as if it were a 0/1 float tensor
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: Subtraction, the `-` operator, with two bool tensors is not supported
#include <torch/torch.h>
#include <iostream>
#include <tuple>
#include <vector>

struct Detections {
  torch::Tensor boxes;  // [N, 4] x1 y1 x2 y2
  torch::Tensor scores; // [N]
  torch::Tensor labels; // [N] Long
};

Detections decodeHead(const torch::Tensor &rawBoxes, const torch::Tensor &logits) {
  auto probs = logits.softmax(-1);
  auto best = probs.max(-1);
  return {rawBoxes, std::get<0>(best), std::get<1>(best)};
}

torch::Tensor pairwiseIou(const torch::Tensor &box, const torch::Tensor &others) {
  auto x1 = torch::maximum(box[0], others.select(1, 0));
  auto y1 = torch::maximum(box[1], others.select(1, 1));
  auto x2 = torch::minimum(box[2], others.select(1, 2));
  auto y2 = torch::minimum(box[3], others.select(1, 3));
  auto inter = (x2 - x1).clamp_min(0) * (y2 - y1).clamp_min(0);
  auto area = [](const torch::Tensor &b) {
    return (b.select(-1, 2) - b.select(-1, 0)) * (b.select(-1, 3) - b.select(-1, 1));
  };
  return inter / (area(box) + area(others) - inter);
}

// Boxes that overlap the kept one more than the threshold.
torch::Tensor overlapMask(const torch::Tensor &box, const torch::Tensor &others, double iouThr) {
  return pairwiseIou(box, others) > iouThr;
}

torch::Tensor decayScores(const torch::Tensor &scores, const torch::Tensor &overlapping,
                          double decay) {
  // scores of overlapping boxes are multiplied by `decay`, the others are kept
  auto keep = 1 - overlapping; // BUG
  return scores * (keep + overlapping * decay);
}

std::vector<int64_t> softNms(Detections det, double iouThr, double decay, double minScore) {
  std::vector<int64_t> kept;
  auto scores = det.scores.clone();
  for (int64_t step = 0; step < det.boxes.size(0); ++step) {
    int64_t best = scores.argmax().item<int64_t>();
    if (scores[best].item<double>() < minScore)
      break;
    kept.push_back(best);
    auto mask = overlapMask(det.boxes[best], det.boxes, iouThr);
    scores = decayScores(scores, mask, decay);
    scores[best] = 0;
  }
  return kept;
}

int main() {
  torch::manual_seed(11);
  auto corners = torch::rand({12, 2}) * 200;
  auto sizes = torch::rand({12, 2}) * 60 + 20;
  auto boxes = torch::cat({corners, corners + sizes}, 1);
  auto logits = torch::randn({12, 4});
  Detections det = decodeHead(boxes, logits);
  auto kept = softNms(det, 0.5, 0.3, 0.05);
  std::cout << "kept " << kept.size() << " boxes\n";
  return 0;
}
